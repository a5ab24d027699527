import { useStorage } from 'nitropack/runtime';

import type { OgImageFonts } from './og-image';

/**
 * Inter (SIL OFL) from `@fontsource/inter`, as `.woff`: satori reads TTF, OTF and WOFF, not WOFF2.
 * Nitro bundles these files into the server build as server assets (`ogImageServerAssets`), so
 * nothing is fetched at build or run time and `node_modules` need not ship.
 */
const files = [
  { file: 'inter-latin-400-normal.woff', weight: 400 },
  { file: 'inter-latin-700-normal.woff', weight: 700 },
] as const;

let fonts: Promise<OgImageFonts> | undefined;

/** The fonts the pictures use, read once per process from the `assets:og-fonts` storage. */
export function loadOgImageFonts(): Promise<OgImageFonts> {
  fonts ??= Promise.all(
    files.map(async ({ file, weight }) => {
      const data = await useStorage('assets:og-fonts').getItemRaw<Uint8Array>(file);
      if (!data) throw new Error(`Font ${file} is missing from the server assets`);
      return { name: 'Inter', data: Buffer.from(data), weight, style: 'normal' as const };
    }),
  ).catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}
