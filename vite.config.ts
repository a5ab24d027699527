/// <reference types="vitest/config" />
import analog from '@analogjs/platform';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { pagesOnlySitemap } from './src/build/pages-only-sitemap.ts';
import { prerenderedCsp } from './src/build/prerendered-csp.ts';
import { sequentialEnvironmentBuilds } from './src/build/sequential-environment-builds.ts';
import { cspNoncePlaceholder, hashPolicy } from './src/server/lib/csp.ts';
import { documentHeaders, hsts, resourceHeaders } from './src/server/lib/security-headers.ts';
import { siteUrl } from './src/server/lib/site.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where `@analogjs/router/server/actions` points until Analog 3 ships it (see the backport's header). */
const serverActions = fromRoot('./src/backports/analog-server-actions/index.ts');
const aliases = { '@analogjs/router/server/actions': serverActions };

/**
 * `BUILD_OUTPUT_DIR` puts a second build beside `dist/analog` (the tests build node-cluster into
 * `dist/cluster`). Unset, Analog and Nitro choose: `dist/analog`, or the folder a host preset
 * such as `vercel` must write to.
 */
const outputDir = process.env['BUILD_OUTPUT_DIR'];
const output = outputDir ? { output: { dir: outputDir, publicDir: `${outputDir}/public` } } : {};

const sitemap = pagesOnlySitemap({ host: siteUrl(), apiPrefix: 'api' });
const pageHashes = prerenderedCsp({ hashPolicy, resourceHeaders, documentHeaders, hsts });

export default defineConfig({
  build: { target: ['es2022'] },
  // Marks every script, style and preload link of index.html for the per-request nonce
  // (src/server/lib/page-policy.ts); Vite's preload helper reads it from <meta property="csp-nonce">.
  html: { cspNonce: cspNoncePlaceholder },
  resolve: { mainFields: ['module'], alias: aliases },
  plugins: [
    analog({
      ssr: true,
      nitro: {
        alias: aliases,
        ...output,
        hooks: { ...sitemap.nitroHooks, ...pageHashes.nitroHooks },
        // Nitro copies the client build into the public folder. Its index.html must stay out:
        // as a static file it would answer GET / with the bare shell, skipping SSR and the
        // home page's loader. An absolute path ignores exactly that file (Analog 2.7 deletes it
        // only when `/` itself is prerendered); other index.html files in public/ still ship.
        ignore: [fromRoot('./dist/client/index.html')],
        // Security headers are set in src/server/plugins/security-headers.ts and src/main.server.ts,
        // from the one list in src/server/lib/security-headers.ts.
      },
      prerender: {
        // Only what is the same for every visitor. `/` and `/cookies` are NOT prerendered:
        // their loaders set and read cookies, and a prerendered page runs its loader once at
        // build time, so every visitor would get one frozen result and no Set-Cookie.
        routes: async () => ['/routes', '/api/rss.xml'],
        sitemap: { host: siteUrl() },
      },
    }),
    sitemap.vitePlugin,
    sequentialEnvironmentBuilds(),
  ],
  test: {
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/backports/**/*.spec.ts',
            'src/build/**/*.spec.ts',
            'src/server/lib/**/*.spec.ts',
            'src/app/shared/**/*.spec.ts',
          ],
          typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: 'tsconfig.spec.json' },
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/test/**/*.spec.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
