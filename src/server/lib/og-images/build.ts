import { products } from '../../../shared/products.ts';

/** The image's path without a version: what the build prerenders. */
export const ogImagePath = (id: number) => `/api/v1/products/${id}/og.png`;

/** One prerendered image per catalogue product, for `prerender.routes` in vite.config.ts. */
export const ogImagePrerenderRoutes = products.map(({ id }) => ogImagePath(id));

/**
 * Nitro's `serverAssets` entry that bundles the fonts into the server build (`dir` is relative
 * to `src/server`): read through `useStorage('assets:og-fonts')`, shipped inside
 * `dist/analog/server`, so the server needs neither `node_modules/@fontsource` nor a network.
 */
export const ogImageServerAssets = [
  {
    baseName: 'og-fonts',
    dir: '../../node_modules/@fontsource/inter/files',
    pattern: 'inter-latin-{400,700}-normal.woff',
  },
];
