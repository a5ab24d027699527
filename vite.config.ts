import analog from '@analogjs/platform';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { apiContract, routeCataloguePlugin } from './src/modules/api-contract/index.ts';
import { pagesOnlySitemap } from './src/build/pages-only-sitemap.ts';
import { quietSourcemapWarnings } from './src/build/quiet-sourcemap-warnings.ts';
import { sequentialEnvironmentBuilds } from './src/build/sequential-environment-builds.ts';
import { tsconfigAliases } from './src/build/tsconfig-aliases.ts';
import { cspNoncePlaceholder, security } from './src/modules/security/index.ts';
import { products } from './src/shared/products.ts';
import { siteUrl } from './src/server/lib/feeds/site.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiRoutesFile = fromRoot('./src/server/api-routes.gen.ts');

const aliases = tsconfigAliases(new URL('.', import.meta.url));

/**
 * `BUILD_OUTPUT_DIR` puts a second build beside `dist/analog` (the tests build node-cluster into
 * `dist/cluster`). Unset, Analog and Nitro choose: `dist/analog`, or the folder a host preset
 * such as `vercel` must write to.
 */
const outputDir = process.env['BUILD_OUTPUT_DIR'];
const output = outputDir ? { output: { dir: outputDir, publicDir: `${outputDir}/public` } } : {};

/**
 * `BUILD_WITHOUT_SECURITY=1` leaves the security module out: the bench's baseline build, which
 * measures what the module costs. Never deploy it.
 */
const withSecurity = process.env['BUILD_WITHOUT_SECURITY'] !== '1';

/** `node-server` (the default) and `node-cluster` serve static files themselves. */
const nodePreset = (process.env['BUILD_PRESET'] ?? 'node-server').startsWith('node');

export default defineConfig({
  // Vite's banner and the app's logs stay; only these packages' broken-sourcemap warnings go.
  customLogger: quietSourcemapWarnings(['@angular/platform-server']),
  build: { target: ['es2022'] },
  // Marks every script, style and preload link of index.html for the per-request nonce
  // (src/modules/security); Vite's preload helper reads it from <meta property="csp-nonce">.
  html: withSecurity ? { cspNonce: cspNoncePlaceholder } : {},
  resolve: { mainFields: ['module'], alias: aliases },
  plugins: [
    analog({
      ssr: true,
      // Lets src/main.server.ts stream the pages it lists with `renderStream` (docs/streaming.md):
      // the SSR build gets Analog's `@defer` hook, Nitro the handler that sends a stream.
      experimental: { streaming: true },
      nitro: {
        alias: aliases,
        ...output,
        hooks: pagesOnlySitemap({ host: siteUrl() }),
        // Nitro lowers the server bundle to ES2019 unless told otherwise, turning every class field
        // of Angular's classes into a helper call per field and instance; Node 20.19+ runs ES2022.
        esbuild: { options: { target: 'es2022' } },
        // Read once through useRuntimeConfig(); each key is set by its env var (DATA_DIR, DATABASE_URL, …).
        runtimeConfig: {
          nitro: { envPrefix: '' },
          dataDir: '.data',
          databaseUrl: '',
          // PostgreSQL connections per server process (src/server/lib/db/database.ts).
          databasePoolSize: 10,
          // Pages served from memory (src/server/lib/page-cache/page-cache.ts); PAGE_CACHE=false turns it off.
          pageCache: true,
          // GET /api/v1/todos/events (docs/live-updates.md): TODO_EVENTS_MAX_STREAMS open streams per
          // process (over it, 503 with Retry-After), a heartbeat every TODO_EVENTS_HEARTBEAT_SECONDS.
          todoEvents: { maxStreams: 1_000, heartbeatSeconds: 15 },
          // Seals session cookies; production refuses to start without ≥ 32 characters (lib/sessions.ts).
          sessionSecret: '',
          // Origins allowed to read the public product routes cross-origin, comma-separated (lib/http/cors.ts).
          corsOrigins: '',
        },
        modules: [
          // Headers, page CSP, report endpoint, cross-site form guard, body limit, proxy trust.
          ...(withSecurity ? [security({ bodyLimit: 1024 * 1024 })] : []),
          // One scan of the route files: src/server/api-routes.gen.ts, /api/openapi.json, 405 `Allow`.
          // The variant without the security module leaves the committed route list alone.
          apiContract({ outFile: withSecurity ? apiRoutesFile : undefined, root: fromRoot('.') }),
        ],
        // Nitro copies the client build into the public folder. Its index.html must stay out:
        // as a static file it would answer GET / with the bare shell, skipping SSR and the
        // home page's loader. An absolute path ignores exactly that file (Analog 2.7 deletes it
        // only when `/` itself is prerendered); other index.html files in public/ still ship.
        ignore: [fromRoot('./dist/client/index.html')],
        // Database errors answer JSON 409, 422 or 503 (with Retry-After) instead of a 500.
        errorHandler: fromRoot('./src/server/error.ts'),
        // Static files: served from memory, not read from disk per request (node presets; hosts
        // such as Vercel serve them from their CDN), with gzip and brotli variants made at build
        // time. Hashed client assets never change, so browsers may keep them for a year; an
        // unknown name under /assets is a 404, never the SSR page.
        serveStatic: nodePreset ? 'inline' : undefined,
        compressPublicAssets: true,
        publicAssets: [{ baseURL: '/assets', dir: fromRoot('./dist/client/assets'), maxAge: 31_536_000 }],
        routeRules: {
          // Uploads stream their body under a cap of their own: 5 MiB per file (src/server/lib/uploads.ts).
          '/api/v1/files': { bodyLimit: false },
          // The feed's gzip and brotli copies would otherwise go out as `application/xml`.
          '/api/rss.xml': { headers: { 'content-type': 'text/xml' } },
        },
      },
      prerender: {
        // Only what is the same for every visitor. `/` and `/cookies` are NOT prerendered:
        // their loaders set and read cookies, and a prerendered page runs its loader once at
        // build time, so every visitor would get one frozen result and no Set-Cookie.
        // Each product page is prerendered from the product list, its loader run once per id.
        // No `sitemap` here: `pagesOnlySitemap` writes it, early enough for `npm start` to serve it.
        routes: async () => [
          '/routes',
          '/api/rss.xml',
          '/api/openapi.json',
          ...products.map(({ id }) => `/products/${id}`),
        ],
      },
    }),
    routeCataloguePlugin(fromRoot('.'), apiRoutesFile),
    sequentialEnvironmentBuilds(),
  ],
});
