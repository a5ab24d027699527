/// <reference types="vitest/config" />
import analog from '@analogjs/platform';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { pagesOnlySitemap } from './src/build/pages-only-sitemap';

/** Where `@analogjs/router/server/actions` points until Analog 3 ships it (see the backport's header). */
const serverActions = fileURLToPath(new URL('./src/backports/analog-server-actions/index.ts', import.meta.url));
const aliases = { '@analogjs/router/server/actions': serverActions };

/** The public origin, for absolute URLs in the sitemap and the RSS feed. */
const siteUrl = process.env['SITE_URL'] ?? 'http://localhost:3000';

/** Where Nitro writes the server; `BUILD_OUTPUT_DIR` lets a second preset build sit beside the first. */
const outputDir = process.env['BUILD_OUTPUT_DIR'] ?? 'dist/analog';
const output = { dir: outputDir, publicDir: `${outputDir}/public` };

export default defineConfig({
  build: { target: ['es2022'] },
  resolve: { mainFields: ['module'], alias: aliases },
  plugins: [
    analog({
      ssr: true,
      nitro: {
        alias: aliases,
        output,
        // Analog copies the client's index.html into the public folder, where it would be
        // served for GET / instead of the server render (and its loader). Pages are SSR'd.
        ignore: ['**/index.html'],
        routeRules: {
          // Security headers on every response: pages, API routes and static files.
          '/**': {
            headers: {
              'x-content-type-options': 'nosniff',
              'referrer-policy': 'strict-origin-when-cross-origin',
              'x-frame-options': 'DENY',
              'content-security-policy': "frame-ancestors 'none'",
            },
          },
        },
      },
      prerender: {
        // Only what is the same for every visitor. `/` and `/cookies` are NOT prerendered:
        // their loaders set and read cookies, and a prerendered page runs its loader once at
        // build time, so every visitor would get one frozen result and no Set-Cookie.
        routes: async () => ['/routes', '/api/rss.xml'],
        sitemap: { host: siteUrl },
      },
    }),
    pagesOnlySitemap({ sitemap: `${output.publicDir}/sitemap.xml`, apiPrefix: 'api' }),
  ],
  test: {
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/backports/**/*.spec.ts', 'src/server/lib/**/*.spec.ts', 'src/app/shared/**/*.spec.ts'],
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
