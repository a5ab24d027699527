import analog from '@analogjs/platform';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

import { apiContract } from './src/modules/api-contract/index.ts';
import { cspNoncePlaceholder, security } from './src/modules/security/index.ts';
import { crossOriginRoutes } from './src/server/lib/cors/cors.ts';
import { cors } from './src/server/lib/cors/module.ts';
import { migrations } from './src/server/lib/db/migrations-module.ts';
import { pageCache } from './src/server/lib/page-cache/module.ts';
import { serverFunctions } from './src/server/lib/server-functions/module.ts';
import { idempotency, idempotentRoute } from './src/server/lib/idempotency/route-rule.ts';
import { runtimeConfig } from './src/server/runtime-config.ts';
import { products } from './src/shared/products.ts';
import { siteUrl } from './src/server/lib/site/site.ts';
import { ogImagePrerenderRoutes, ogImageServerAssets } from './src/server/lib/og-images/build.ts';
import * as tools from './tools/vite/index.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const root = fromRoot('.');
const aliases = tools.tsconfigAliases(new URL('.', import.meta.url));
const [outFile, catalogue] = ['routes', 'catalogue'].map((name) => fromRoot(`src/server/api-${name}.gen.ts`));

const prerendered = ['/routes', '/api/rss.xml', '/api/openapi.json', ...ogImagePrerenderRoutes];

/** The app's build; vite.config.cluster.ts and vite.config.bench.ts build variants of it. */
export const appConfig = ({ nitro, withoutSecurity = false }: tools.Variant = {}) => ({
  customLogger: tools.quietSourcemapWarnings(['@angular/platform-server']), // only its sourcemap warnings go
  build: { target: ['es2022'] },
  // Marks index.html's scripts, styles and preload links for the per-request nonce (src/modules/security).
  html: withoutSecurity ? {} : { cspNonce: cspNoncePlaceholder },
  resolve: { mainFields: ['module'], alias: aliases },
  // Nitro's dev server takes every WebSocket upgrade on Vite's port: HMR gets one of its own (docs/websockets.md).
  server: { hmr: { port: tools.hmrPort() } },
  plugins: [
    tools.devUpgradeErrors(), // a refused WebSocket upgrade must not end `npm run dev` (docs/websockets.md)
    analog({
      ssr: true,
      experimental: { streaming: true }, // src/main.server.ts streams the pages it lists (docs/streaming.md)
      nitro: {
        ...nitro,
        alias: aliases,
        hooks: tools.pagesOnlySitemap({ host: siteUrl() }),
        esbuild: { options: { target: 'es2022' } }, // not ES2019, Nitro's default: Node 20.19+ runs ES2022
        runtimeConfig,
        experimental: { tasks: true, websocket: true }, // src/server/tasks/; route files may be WebSockets
        scheduledTasks: { '* * * * * *': ['housekeeping'] }, // ticked every second
        modules: [
          migrations(), // finds src/server/migrations/*: adding one needs no index (docs/data.md)
          ...(withoutSecurity ? [] : [security({ bodyLimit: 1024 * 1024 })]),
          cors(), // CORS only under the cross-origin routes' paths (docs/sessions.md)
          pageCache(), // consulted only for the pages runtimeConfig `cachedPages` lists (docs/page-cache.md)
          idempotency(), // under the routes whose rule says `idempotency` only (docs/idempotency.md)
          serverFunctions(), // their 16 KiB body cap, under `/_analog/fn` only (docs/server-functions.md)
          apiContract({ root, outFile: withoutSecurity ? undefined : outFile, catalogue, crossOriginRoutes }),
          tools.headRoutes(), // HEAD reaches every `.get.ts` route through the router
          tools.nodeServer(),
        ],
        ignore: [fromRoot('./dist/client/index.html')], // GET / is SSR, not this static file (docs/deploy.md)
        errorHandler: fromRoot('./src/server/error.ts'), // database errors: JSON 409, 422 or 503, not 500
        serverAssets: ogImageServerAssets, // the Open Graph images' fonts (docs/og-images.md)
        compressPublicAssets: true, // gzip and brotli copies made at build time; hashed assets cached a year
        publicAssets: [{ baseURL: '/assets', dir: fromRoot('./dist/client/assets'), maxAge: 31_536_000 }],
        routeRules: {
          // Uploads stream their body under a cap of their own (lib/uploads), and retry safely (lib/idempotency).
          '/api/v1/files': { bodyLimit: false, ...idempotentRoute() },
          // A payment event is a few KiB; its signature is checked over bytes read under this cap.
          '/api/v1/webhooks/payments': { bodyLimit: 64 * 1024 },
          '/api/rss.xml': { headers: { 'content-type': 'text/xml' } }, // its .gz and .br copies too
        },
      },
      // Only what is the same for every visitor, and each product (docs/pages-and-loaders.md).
      prerender: { routes: async () => [...prerendered, ...products.map(({ id }) => `/products/${id}`)] },
    }),
    tools.routeCataloguePlugin({ root, catalogue, pagesDir: 'src/app/pages' }),
    tools.sequentialEnvironmentBuilds(),
  ],
});

export default defineConfig(appConfig());
