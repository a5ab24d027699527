import analog from '@analogjs/platform';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { documentHeaders, prerenderedPolicy, resourceHeaders } from '../../src/modules/security/index.ts';

/**
 * The anchor with the app's security headers set the way a user reaches for first: Nitro's own
 * `routeRules` `headers`, the resource set on every response, and the page set with its hash
 * policy on `/routes`, which it serves as a public file: the app's prerendered page, the same
 * bytes. Static files come from memory and compressed, as the app's are (vite.config.ts,
 * tools/vite/node-server.ts), so a pair against the app measures everything but the headers. `vite build --config vite.config.headers.ts`
 * after the app's build; bench/servers.mjs builds it into dist/headers.
 */
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const page = readFileSync(fromHere('../../dist/analog/public/routes/index.html'), 'utf8');
const publicDir = fromHere('./dist/headers-public');
mkdirSync(`${publicDir}/routes`, { recursive: true });
writeFileSync(`${publicDir}/routes/index.html`, page);
const pageHeaders = { ...documentHeaders, 'content-security-policy': await prerenderedPolicy(page) };

const aliases = {
  '#server-actions': fromHere('../../src/backports/analog-server-actions/index.ts'),
};

export default defineConfig({
  build: { target: ['es2022'] },
  resolve: { mainFields: ['module'], alias: aliases },
  plugins: [
    analog({
      ssr: true,
      prerender: { routes: [] },
      nitro: {
        alias: aliases,
        output: { dir: 'dist/headers', publicDir: 'dist/headers/public' },
        serveStatic: 'inline',
        compressPublicAssets: true,
        publicAssets: [{ dir: publicDir, baseURL: '/' }],
        routeRules: {
          '/**': { headers: resourceHeaders },
          '/routes': { headers: pageHeaders },
          '/routes/index.html': { headers: pageHeaders },
        },
      },
    }),
  ],
});
