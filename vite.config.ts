import analog from '@analogjs/platform';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { apiContract, routeCataloguePlugin } from './src/modules/api-contract/index.ts';
import { devUpgradeErrors } from './src/build/dev-upgrade-errors.ts';
import { pagesOnlySitemap } from './src/build/pages-only-sitemap.ts';
import { quietSourcemapWarnings } from './src/build/quiet-sourcemap-warnings.ts';
import { sequentialEnvironmentBuilds } from './src/build/sequential-environment-builds.ts';
import { tsconfigAliases } from './src/build/tsconfig-aliases.ts';
import { cspNoncePlaceholder, security } from './src/modules/security/index.ts';
import { products } from './src/shared/products.ts';
import { siteUrl } from './src/server/lib/feeds/site.ts';
import { ogImagePrerenderRoutes, ogImageServerAssets } from './src/server/lib/og-images/build.ts';

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

/**
 * The node presets start through the app's own entries, Nitro's with a graceful drain
 * (src/server/lib/ops, docs/deploy.md). Set once Nitro has chosen its preset, so the dev server
 * and the prerenderer keep theirs.
 */
const drainingEntries: Record<string, string> = {
  'node-server': fromRoot('./src/server/lib/ops/node-server.ts'),
  'node-cluster': fromRoot('./src/server/lib/ops/node-cluster.ts'),
};

export default defineConfig({
  // Vite's banner and the app's logs stay; only these packages' broken-sourcemap warnings go.
  customLogger: quietSourcemapWarnings(['@angular/platform-server']),
  build: { target: ['es2022'] },
  // Nitro's dev server takes every WebSocket upgrade on Vite's port (`experimental.websocket`),
  // so Vite's HMR socket listens on a port of its own: VITE_HMR_PORT (docs/websockets.md).
  server: { hmr: { port: Number(process.env['VITE_HMR_PORT']) || 24678 } },
  // Marks every script, style and preload link of index.html for the per-request nonce
  // (src/modules/security); Vite's preload helper reads it from <meta property="csp-nonce">.
  html: withSecurity ? { cspNonce: cspNoncePlaceholder } : {},
  resolve: { mainFields: ['module'], alias: aliases },
  plugins: [
    // A refused WebSocket upgrade must not end `npm run dev` (docs/websockets.md).
    devUpgradeErrors(),
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
          // The other tuning recipes (docs/tuning.md), each on while its plugin is in the build; the bench turns
          // them off with STATEMENT_CACHE=false, NAMED_STATEMENTS=false and SEAL_CACHE=false.
          statementCache: true,
          namedStatements: true,
          sealCache: true,
          // GET /api/v1/todos/events (docs/live-updates.md): TODO_EVENTS_MAX_STREAMS open streams per
          // process (over it, 503) and TODO_EVENTS_MAX_STREAMS_PER_ADDRESS per client (over it, 429),
          // a heartbeat every TODO_EVENTS_HEARTBEAT_SECONDS, and a client that takes nothing for
          // TODO_EVENTS_STALL_SECONDS while events wait for it is cut off (it reconnects and resumes).
          todoEvents: { maxStreams: 1_000, maxStreamsPerAddress: 10, heartbeatSeconds: 15, stallSeconds: 30 },
          // The most todos the public list holds (TODOS_MAX): anyone may write it (lib/todos).
          todosMax: 1_000,
          // The most contact messages and newsletter subscribers kept (lib/forms/capacity.ts).
          forms: { maxContactMessages: 1_000, maxSubscribers: 10_000 },
          // WS /ws/chat (docs/websockets.md): CHAT_MAX_CONNECTIONS per process (over it, 503),
          // CHAT_MAX_CONNECTIONS_PER_ADDRESS per client (429), a ping every CHAT_PING_SECONDS.
          chat: { maxConnections: 1_000, maxConnectionsPerAddress: 10, pingSeconds: 25 },
          // POST /api/v1/files (docs/uploads.md): per account UPLOADS_MAX_FILES files and UPLOADS_MAX_BYTES
          // bytes stored; UPLOADS_RATE_LIMIT uploads per UPLOADS_RATE_WINDOW_SECONDS per account and address.
          uploads: { maxFiles: 20, maxBytes: 50 * 1024 * 1024, rateLimit: 60, rateWindowSeconds: 600 },
          // Seals session cookies; production refuses to start without ≥ 32 characters (lib/sessions.ts).
          sessionSecret: '',
          // Accounts that are admins, by email, comma-separated: ADMIN_EMAILS (lib/auth/roles.ts).
          adminEmails: '',
          // New accounts per client address per hour (src/server/lib/auth/sign-in.ts, docs/sessions.md).
          signUpsPerHour: 10,
          // Origins allowed to read the public product routes cross-origin, comma-separated (lib/http/cors.ts).
          corsOrigins: '',
          // Signs webhook deliveries (lib/webhooks): the current secret, then the previous one while rotating.
          webhookSecret: '',
          // How long a stored `Idempotency-Key` response is replayed (lib/idempotency): 24 hours.
          idempotencyKeyTtlSeconds: 24 * 60 * 60,
          // The housekeeping task's purges run once per HOUSEKEEPING_INTERVAL_SECONDS across every
          // worker and instance (src/server/tasks/housekeeping.ts); 0 turns them off.
          housekeeping: { intervalSeconds: 600 },
          // The request log's level (lib/request-log): `debug` adds the probes' lines, `silent` stops it.
          logLevel: 'info',
        },
        // Nitro tasks (src/server/tasks/). Cron patterns are baked into the build, so the task is
        // ticked every second and checks itself whether its runtime interval has come round: one
        // comparison per tick, one database statement per interval and process.
        // `websocket`: route files may be WebSocket handlers (src/server/routes/ws/chat.ts).
        experimental: { tasks: true, websocket: true },
        scheduledTasks: { '* * * * * *': ['housekeeping'] },
        modules: [
          // Headers, page CSP, report endpoint, cross-site form guard, body limit, proxy trust.
          ...(withSecurity ? [security({ bodyLimit: 1024 * 1024 })] : []),
          // One scan of the route files: src/server/api-routes.gen.ts, /api/openapi.json, 405 `Allow`.
          // The variant without the security module leaves the committed route list alone.
          apiContract({ outFile: withSecurity ? apiRoutesFile : undefined, root: fromRoot('.') }),
          (nitro) => {
            nitro.options.entry = drainingEntries[nitro.options.preset] ?? nitro.options.entry;
          },
        ],
        // Nitro copies the client build into the public folder. Its index.html must stay out:
        // as a static file it would answer GET / with the bare shell, skipping SSR and the
        // home page's loader. An absolute path ignores exactly that file (Analog 2.7 deletes it
        // only when `/` itself is prerendered); other index.html files in public/ still ship.
        ignore: [fromRoot('./dist/client/index.html')],
        // Database errors answer JSON 409, 422 or 503 (with Retry-After) instead of a 500.
        errorHandler: fromRoot('./src/server/error.ts'),
        // The Open Graph images' fonts, bundled into the server build (docs/og-images.md).
        serverAssets: ogImageServerAssets,
        // Static files: served from memory, not read from disk per request (node presets; hosts
        // such as Vercel serve them from their CDN), with gzip and brotli variants made at build
        // time. Hashed client assets never change, so browsers may keep them for a year; an
        // unknown name under /assets is a 404, never the SSR page.
        serveStatic: nodePreset ? 'inline' : undefined,
        compressPublicAssets: true,
        publicAssets: [{ baseURL: '/assets', dir: fromRoot('./dist/client/assets'), maxAge: 31_536_000 }],
        routeRules: {
          // Uploads stream their body under a cap of their own: 5 MiB per file (src/server/lib/uploads/).
          '/api/v1/files': { bodyLimit: false },
          // A payment event is a few KiB; its signature is checked over bytes read under this cap.
          '/api/v1/webhooks/payments': { bodyLimit: 64 * 1024 },
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
          ...ogImagePrerenderRoutes,
        ],
      },
    }),
    routeCataloguePlugin(fromRoot('.'), apiRoutesFile),
    sequentialEnvironmentBuilds(),
  ],
});
