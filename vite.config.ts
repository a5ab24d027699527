/// <reference types="vitest/config" />
import analog from '@analogjs/platform';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { pagesOnlySitemap } from './src/build/pages-only-sitemap.ts';
import { sequentialEnvironmentBuilds } from './src/build/sequential-environment-builds.ts';
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

/** `node-server` (the default) and `node-cluster` serve static files themselves. */
const nodePreset = (process.env['BUILD_PRESET'] ?? 'node-server').startsWith('node');

const sitemap = pagesOnlySitemap({ host: siteUrl(), apiPrefix: 'api' });

export default defineConfig({
  build: { target: ['es2022'] },
  resolve: { mainFields: ['module'], alias: aliases },
  plugins: [
    analog({
      ssr: true,
      nitro: {
        alias: aliases,
        ...output,
        hooks: sitemap.nitroHooks,
        // Nitro copies the client build into the public folder. Its index.html must stay out:
        // as a static file it would answer GET / with the bare shell, skipping SSR and the
        // home page's loader. An absolute path ignores exactly that file (Analog 2.7 deletes it
        // only when `/` itself is prerendered); other index.html files in public/ still ship.
        ignore: [fromRoot('./dist/client/index.html')],
        // Static files: served from memory, not read from disk per request (node presets; hosts
        // such as Vercel serve them from their CDN), with gzip and brotli variants made at build
        // time. Hashed client assets never change, so browsers may keep them for a year; an
        // unknown name under /assets is a 404, never the SSR page.
        serveStatic: nodePreset ? 'inline' : undefined,
        compressPublicAssets: true,
        publicAssets: [{ baseURL: '/assets', dir: fromRoot('./dist/client/assets'), maxAge: 31_536_000 }],
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
          // The feed's gzip and brotli copies would otherwise go out as `application/xml`.
          '/api/rss.xml': { headers: { 'content-type': 'text/xml' } },
        },
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
