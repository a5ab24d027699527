/**
 * The recipes: one entry per pattern a reader can lift out of this app. Each names only what the
 * import graph can't tell: its ENTRY files (route files, pages, plugins, middleware, migrations,
 * a module's folder), the edits `npm run recipe` makes to the app's own files (its config), the
 * recipes it builds on, the docs page that teaches it, the specs that prove it, and the requests
 * the copy test sends to the stock app the command added it to. `npm run recipes` derives
 * everything else into manifest.json.
 *
 * To add a recipe: add an entry here, put `<!-- recipe-tree:<name>:start -->`,
 * `<!-- recipe-tree:<name>:end -->`, `<!-- recipe-copy:<name>:start -->` and
 * `<!-- recipe-copy:<name>:end -->` on its docs page, run `npm run recipes`, then
 * `npm run test:recipes -- <name>`.
 */
import { runtimeConfig } from '../../src/server/runtime-config';

/** A request the copy test sends, and what the answer must be. */
export interface RecipeRequest {
  method: string;
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  status: number;
  /** The response's JSON must contain these values (a deep subset). */
  json?: unknown;
  /** The response's text must contain this (for an event stream: within the first events). */
  text?: string;
  /** Each response header must contain its value. */
  responseHeaders?: Record<string, string>;
  /**
   * Signs the body when it is sent, as a webhook sender does: `header` gets
   * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the secret in `env[secretEnv]`
   * (a signature is only valid for minutes, so it can't be written down here).
   */
  sign?: { header: string; secretEnv: string };
  /**
   * Opens a WebSocket at `path` instead (GET, with the cookies so far and `origin`, the app's own
   * by default): `status` is 101 when it must open, else the status that refuses it. Once open,
   * `send` goes out as JSON and a frame containing `receive` must arrive within 5 s.
   */
  websocket?: { origin?: string; send?: unknown; receive?: string };
  /** The server restarts before this request, as an operator's does to apply a setting read at start. */
  restartFirst?: boolean;
}

/**
 * Code the command writes into one of the app's own files: `name` (one or more, comma-separated)
 * imported from `from`, used as `call`.
 */
export interface ConfigCall {
  name: string;
  /** A project file the recipe copies (`src/…`), or a package it lists. */
  from: string;
  call: string;
  /** Other names `call` uses, e.g. a package's helper beside a project file's function. */
  imports?: { name: string; from: string }[];
}

/** An environment variable a copied file reads (through runtimeConfig), for `.env.example` and the docs. */
export interface EnvVar {
  /** What it means and how to choose it. */
  meaning: string;
  /** The value the copy test starts the server with, and `.env.example` shows unless `secret`. */
  example?: string;
  /** The reader must set it (the server refuses to start, or the feature is off, without it). */
  secret?: boolean;
}

/**
 * What `npm run recipe -- add` does to the app besides copying files: each field is an edit it makes
 * through the file's syntax tree, adding only what the app lacks.
 */
export interface RecipeConfig {
  /** Merged into `analog({ nitro })` in vite.config.ts: runtimeConfig (every key a copied file reads must be here), routeRules, experimental, scheduledTasks, serverAssets, … */
  nitro?: Record<string, unknown>;
  /** Merged into `analog({ … })`, e.g. `experimental`. */
  analog?: Record<string, unknown>;
  /** Nitro modules, each imported into vite.config.ts and added to `nitro.modules`. */
  nitroModules?: ConfigCall[];
  /** Vite plugins beside `analog()`. */
  vitePlugins?: ConfigCall[];
  /** Top-level Vite options whose value is code, e.g. `html: '{ cspNonce: cspNoncePlaceholder }'`. */
  vite?: Record<string, string>;
  /** Names imported into vite.config.ts for those options. */
  viteImports?: ConfigCall[];
  /** Providers added to src/app/app.config.ts, which its pages inject. */
  appProviders?: ConfigCall[];
  /** HTTP interceptors added to `withInterceptors([…])` in src/app/app.config.ts, before `requestContextInterceptor`. */
  interceptors?: ConfigCall[];
  /** Providers added to the server's config in src/app/app.config.server.ts. */
  serverProviders?: ConfigCall[];
  /** Tags removed from index.html, each a whole line (written as the generator writes it). */
  indexHtml?: { remove: string[] };
  /** src/main.server.ts's default export (the page renderer) is passed through this function: `call` is its name. */
  renderWrapper?: ConfigCall;
  /**
   * TypeScript options the copied files need, set in tsconfig.json where it lacks them: the files
   * vite.config.ts loads import each other with `.ts` extensions, which Vite's config loader
   * will require, so TypeScript must accept (and rewrite) them.
   */
  compilerOptions?: Record<string, unknown>;
  /** `lib` entries tsconfig.json must have, e.g. `DOM.Iterable` to iterate FormData. */
  lib?: string[];
  /** Environment the production server reads: .env.example gets each with its meaning. */
  env?: Record<string, EnvVar>;
  /** What is left for the reader after the command, in a sentence each (a database to start, …). */
  steps?: string[];
}

/**
 * What a recipe is to the others: a `base` every lesson may build on; a `lesson`,
 * one pattern, built on the base and (a lesson about an owner) on `sessions`, never on an add-on;
 * an `add-on`, which changes what it wraps and which no lesson needs.
 */
export type RecipeKind = 'base' | 'lesson' | 'add-on';

export interface Recipe {
  name: string;
  kind: RecipeKind;
  title: string;
  /** The docs page that teaches it; its file tree goes between the recipe's markers. */
  docs: string;
  /** Files or folders (ending in `/`) the recipe starts from; the import graph adds the rest. */
  entries: string[];
  dependsOn: string[];
  /** Packages no file imports but one loads at run time (a db0 connector's driver). */
  packages?: string[];
  config: RecipeConfig;
  /** The specs that prove it. */
  specs: string[];
  requests: RecipeRequest[];
  /** Set while the recipe's files are still being written: the manifest keeps the entry, the copy test skips it. */
  pending?: string;
}

/**
 * Files the stock app (tools/recipes/stock-app) has, which a recipe never copies: where it needs them
 * changed, its config says how and the command edits them. The graph does not follow them.
 */
export const stockFiles = [
  'index.html',
  'src/main.ts',
  'src/main.server.ts',
  'src/app/app.ts',
  'src/app/app.config.ts',
  'src/app/app.config.server.ts',
  // The generator writes a hello route; this app's is the same route with its header and OpenAPI meta,
  // which the api-contract recipe puts in place of the generator's (the contract needs them on every route).
  'src/server/routes/api/v1/hello.ts',
];

/**
 * The app's own shell: files under src/ that no recipe holds, by name (the recipe-graph spec fails
 * on a file that is in neither): the app's frame and home, its catalogue pages, its error handler
 * and settings, and the Angular entry points a stock app has.
 */
export const appShell = [
  'src/main.ts',
  'src/main.server.ts',
  'src/styles.css',
  'src/app/app.ts',
  'src/app/app.config.ts',
  'src/app/app.config.server.ts',
  // A URL the router can't read, or whose page parameters would leave their loader endpoint, is a 400 (main.server.ts);
  // a failed page load answers its status and says why in place of the page (app.config.ts, app.ts).
  'src/app/page-url.ts',
  'src/app/load-failure/load-failure.ts',
  'src/app/not-found/not-found.ts',
  'src/server/error.ts',
  'src/server/error-page.ts',
  'src/server/runtime-config.ts',
  'src/server/settings.ts',
  // The /todos page puts the list lessons together: pagination's pages, the todos' writes, live updates' stream.
  'src/app/pages/todos.page.ts',
  'src/app/pages/todos.server.ts',
  'src/app/todos/todo-list.ts',
  'src/app/todos/todo-list.html',
  'src/app/todos/todos-query.ts',
  'src/app/todos/live-todos.ts',
  // The home page, the error pages and the API's catch-all (404, or 405 with `Allow`).
  'src/app/pages/(home).page.ts',
  'src/app/pages/(home).server.ts',
  'src/app/pages/[...not-found].page.ts',
  'src/app/pages/dashboard.page.ts',
  'src/app/pages/dashboard.server.ts',
  'src/app/shared/query-messages.ts',
  'src/server/routes/api/[...].ts',
  'src/server/lib/capacity/capacity.ts',
  'src/server/lib/capacity/index.ts',
  // The catalogue and the API reference pages, built from the API contract's generated rows.
  'src/app/pages/routes.page.ts',
  'src/app/pages/reference.page.ts',
  'src/app/pages/reference.server.ts',
  'src/app/reference/api-operation.ts',
  'src/app/catalogue/route-catalogue.ts',
  'src/app/catalogue/try-route.ts',
  'src/app/catalogue/virtual-route-catalogue.d.ts',
  'src/server/api-catalogue.gen.ts',
  // The app's other pages: product search, the contact and newsletter forms, the cookies page, the feeds.
  'src/app/pages/search.page.ts',
  'src/app/search/product-search.html',
  'src/app/search/product-search.ts',
  'src/app/pages/contact.page.ts',
  'src/app/contact/contact-form.html',
  'src/app/contact/contact-form.ts',
  'src/app/pages/newsletter.page.ts',
  'src/app/pages/newsletter.server.ts',
  'src/app/pages/subscribed.page.ts',
  'src/app/newsletter/newsletter-form.html',
  'src/app/newsletter/newsletter-form.ts',
  'src/app/shared/form-errors.ts',
  'src/app/pages/cookies.page.ts',
  'src/app/pages/cookies.server.ts',
  'src/server/lib/cookies/cookies.ts',
  'src/server/lib/cookies/index.ts',
  'src/server/lib/contact/contact.ts',
  'src/server/lib/contact/index.ts',
  'src/server/lib/newsletter/index.ts',
  'src/server/lib/newsletter/newsletter.ts',
  'src/server/lib/forms/browser-forms.ts',
  'src/server/lib/forms/index.ts',
  'src/server/plugins/contact-storage.ts',
  'src/server/plugins/newsletter-storage.ts',
  'src/server/routes/api/v1/contact.post.ts',
  'src/shared/contact-messages.ts',
  'src/shared/contact-topics.ts',
  'src/shared/newsletter-messages.ts',
  'src/server/lib/feeds/csv.ts',
  'src/server/lib/feeds/index.ts',
  'src/server/lib/feeds/rss.ts',
  'src/server/lib/feeds/xml.ts',
  'src/server/routes/api/rss.xml.ts',
  'src/server/routes/api/v1/products.csv.get.ts',
  'src/server/lib/supplier/index.ts',
  'src/server/lib/supplier/supplier-prices.ts',
  // The deployment presets' server entries (docs/deploy.md).
  'src/server/lib/ops/body-timeout.ts',
  'src/server/lib/ops/node-cluster.ts',
  'src/server/lib/ops/node-server.ts',
  'src/server/lib/ops/websockets.ts',
];

/**
 * Files lessons that build on none of each other copy each: the form field the sign-in and account
 * forms (sessions) and the review board (server-functions) share. Each lesson lists it, so its copy
 * has it; a base would put it in the copy of every recipe on that base, forms or none.
 */
export const sharedFiles = ['src/app/shared/form-field.ts'];

/** Files the graph lists but does not follow: generated files, rewritten by the build that needs them. */
export const leafFiles = ['src/server/api-routes.gen.ts'];

const json = { 'content-type': 'application/json' };

/** A call of the `postReview` server function, as the review board makes it. */
const postReview = (body: string) => ({
  method: 'POST',
  path: '{serverFn:src/app/reviews/reviews.server.ts#postReview}',
  headers: json,
  body: { productId: 1, rating: 5, body },
});

/** A payment provider's event, as the webhooks recipe's requests send it. */
const webhookEvent = {
  id: 'evt_copy_test',
  type: 'payment.succeeded',
  data: { object: { id: 'pay_copy_test', amount: 1200, currency: 'eur' } },
};

export const recipes: Recipe[] = [
  {
    name: 'validated-routes',
    kind: 'base',
    title: 'Validated routes',
    docs: 'docs/validated-routes.md',
    // With the client half: a validated route's 422 issues as field errors (src/shared/issues.ts).
    entries: [
      'src/backports/analog-server-actions/index.ts',
      'src/server/routes/api/v1/search.get.ts',
      'src/shared/issues.ts',
    ],
    dependsOn: [],
    config: {},
    specs: ['src/backports/analog-server-actions/define-api-route.spec.ts', 'test/server/search.spec.ts'],
    requests: [
      {
        method: 'GET',
        path: '/api/v1/search?q=an&page=2',
        status: 200,
        json: { q: 'an', page: 2, tags: [] },
      },
      { method: 'GET', path: '/api/v1/search?q=an&page=0', status: 422, json: [{ path: ['page'] }] },
    ],
  },
  {
    name: 'plain-routes',
    kind: 'lesson',
    title: 'Plain h3 routes: values, text, parameters, queries, errors, redirects, catch-alls',
    docs: 'docs/validated-routes.md',
    entries: [
      'src/server/routes/api/v1/hello/[name].ts',
      'src/server/routes/api/v1/greet/[name].ts',
      'src/server/routes/api/v1/items/[id].ts',
      'src/server/routes/api/v1/query.ts',
      'src/server/routes/api/v1/boom.ts',
      'src/server/routes/api/v1/redirect.get.ts',
      'src/server/routes/api/v1/docs/[...slug].ts',
    ],
    dependsOn: ['validated-routes'],
    config: {},
    specs: [
      'test/server/hello.spec.ts',
      'test/server/greet.spec.ts',
      'test/server/items.spec.ts',
      'test/server/query.spec.ts',
      'test/server/boom.spec.ts',
      'test/server/redirect.spec.ts',
      'test/server/docs.spec.ts',
    ],
    // boom.ts answers 500 on purpose, which logs an error: its spec proves it, not the copy test.
    requests: [
      { method: 'GET', path: '/api/v1/hello', status: 200, json: { message: 'Hello World' } },
      {
        method: 'GET',
        path: '/api/v1/greet/%3Cb%3EAda%3C%2Fb%3E',
        status: 200,
        text: 'Hello, <b>Ada</b>!',
        responseHeaders: { 'content-type': 'text/plain' },
      },
      { method: 'GET', path: '/api/v1/items/abc', status: 400 },
      {
        method: 'GET',
        path: '/api/v1/query?param1=Analog&param2=Angular&tag=a&tag=b',
        status: 200,
        json: { query: { tag: ['a', 'b'] } },
      },
      {
        method: 'GET',
        path: '/api/v1/redirect',
        status: 302,
        responseHeaders: { location: '/api/v1/hello' },
      },
      { method: 'GET', path: '/api/v1/docs/guides/intro', status: 200, json: { slug: 'guides/intro' } },
      { method: 'GET', path: '/api/v1/docs/a//b', status: 400 },
    ],
  },
  {
    name: 'cors',
    kind: 'lesson',
    title: 'Cross-origin reads of public routes, for an allow-list of origins',
    docs: 'docs/sessions.md',
    entries: ['src/server/routes/api/v1/products.get.ts', 'src/server/lib/cors/'],
    dependsOn: ['validated-routes'],
    config: {
      nitroModules: [{ name: 'cors', from: 'src/server/lib/cors/module.ts', call: 'cors()' }],
      nitro: { runtimeConfig: { corsOrigins: '' } },
      env: {
        CORS_ORIGINS: {
          meaning:
            'Comma-separated origins whose pages may read the public routes (https://shop.example); empty: none',
          example: 'https://allowed.example',
        },
      },
    },
    specs: ['test/server/cors.spec.ts', 'test/server/products.spec.ts'],
    requests: [
      {
        method: 'GET',
        path: '/api/v1/products',
        headers: { origin: 'https://allowed.example' },
        status: 200,
        responseHeaders: { 'access-control-allow-origin': 'https://allowed.example', vary: 'origin' },
      },
      { method: 'GET', path: '/api/v1/products', headers: { origin: 'https://evil.example' }, status: 200 },
    ],
  },
  {
    name: 'request',
    kind: 'base',
    title: 'Request helpers: client address, HTTPS, origin, cross-site forms',
    docs: 'docs/security.md',
    entries: ['src/modules/request/'],
    dependsOn: [],
    config: {
      nitro: {
        runtimeConfig: {
          nitro: { envPrefix: '' },
          origin: '',
          trustProxy: false,
          budget: runtimeConfig.budget,
        },
      },
      env: {
        BUDGET_BODY_BYTES: {
          meaning: 'Request body bytes all clients may be sending at once; past it, 503',
          example: '67108864',
        },
        BUDGET_BODY_BYTES_PER_CALLER: {
          meaning: 'Request body bytes one client (address, IPv6 /64) may be sending at once; past it, 429',
          example: '10485760',
        },
        BUDGET_TEMP_FILE_BYTES: {
          meaning: 'Upload bytes being written to temporary files at once, all clients; past it, 503',
          example: '268435456',
        },
        BUDGET_TEMP_FILE_BYTES_PER_CALLER: {
          meaning: 'Upload bytes one caller (account, address) may be writing at once; past it, 429',
          example: '10485760',
        },
        BUDGET_QUEUED_BYTES: {
          meaning: 'Bytes queued on sockets for clients that read slowly, all sockets together',
          example: '67108864',
        },
        BUDGET_QUEUED_BYTES_PER_CALLER: {
          meaning: "Bytes queued for one caller's sockets; past it, its socket is closed or its stream cut",
          example: '1048576',
        },
        ORIGIN: { meaning: "The app's public origin (https://example.com); empty: taken from each request" },
        TRUST_PROXY: {
          meaning: 'true behind a proxy that sets X-Forwarded-Proto, -Host and -For; never without one',
          example: 'false',
        },
      },
    },
    specs: [
      'src/modules/request/content-type.spec.ts',
      'src/modules/request/address-key.spec.ts',
      'test/server/form-origin.spec.ts',
      'test/server/ipv6-addresses.spec.ts',
    ],
    requests: [],
  },
  {
    name: 'database',
    kind: 'base',
    title: 'SQL through db0',
    docs: 'docs/data.md',
    // No route of its own: the connection, the migrations runner (which finds the files), the purge registry the
    // housekeeping recipe reads, and the commit wake-ups several lessons share.
    entries: ['src/server/lib/db/'],
    dependsOn: ['validated-routes'],
    // db0's connectors load their driver themselves: node:sqlite is Node's own, better-sqlite3 runs where Node is
    // older than 24.15, so `add` leaves it out of an app whose engines.node starts there (sqlite-driver.ts).
    packages: ['better-sqlite3'],
    config: {
      nitroModules: [
        { name: 'migrations', from: 'src/server/lib/db/migrations-module.ts', call: 'migrations()' },
      ],
      nitro: { runtimeConfig: { dataDir: '.data', databaseUrl: '', databasePoolSize: 10 } },
      env: {
        DATABASE_URL: { meaning: 'A PostgreSQL URL (postgres://…); empty: SQLite in DATA_DIR' },
        DATA_DIR: { meaning: 'Where the SQLite database and uploaded files live', example: '.data' },
      },
      steps: [
        'SQLite needs no server: the database is DATA_DIR/app.sqlite, made and migrated on first start. For PostgreSQL, start one and set DATABASE_URL.',
      ],
    },
    specs: ['src/server/lib/db/database.spec.ts', 'test/server/postgres-pool.spec.ts'],
    requests: [],
  },
  {
    name: 'statement-cache',
    kind: 'add-on',
    title: 'Tuning: SQLite statements compiled once',
    docs: 'docs/tuning.md',
    entries: ['src/server/plugins/statement-cache.ts'],
    // The todos' writes are the statements it caches; any table would do.
    dependsOn: ['todos'],
    config: { nitro: { runtimeConfig: { statementCache: true } } },
    specs: ['src/server/lib/statement-cache/statement-cache.spec.ts', 'src/server/lib/private-apis.spec.ts'],
    // The same insert twice: a statement served from the cache answers as a fresh one does.
    requests: [
      { method: 'POST', path: '/api/v1/todos', headers: json, body: { title: 'Tea' }, status: 201 },
      { method: 'POST', path: '/api/v1/todos', headers: json, body: { title: 'Cake' }, status: 201 },
    ],
  },
  {
    name: 'named-statements',
    kind: 'add-on',
    title: 'Tuning: PostgreSQL statements parsed once per connection',
    docs: 'docs/tuning.md',
    entries: ['src/server/plugins/named-statements.ts'],
    dependsOn: ['todos'],
    config: { nitro: { runtimeConfig: { namedStatements: true } } },
    specs: ['test/server/named-statements.spec.ts', 'test/server/postgres-pool.spec.ts'],
    // The copy test runs on SQLite, where the plugin leaves the connector alone; the spec runs PostgreSQL.
    requests: [{ method: 'POST', path: '/api/v1/todos', headers: json, body: { title: 'Tea' }, status: 201 }],
  },
  {
    name: 'security',
    kind: 'add-on',
    title: 'Security headers and CSP',
    docs: 'docs/security.md',
    entries: ['src/modules/security/'],
    dependsOn: ['request'],
    config: {
      // Each page's policy gets a fresh nonce, given to the scripts the render writes.
      renderWrapper: {
        name: 'withPagePolicy',
        from: 'src/modules/security/index.ts',
        call: 'withPagePolicy',
      },
      // The policy forbids <base> (base-uri 'none'), so an injected one can't redirect scripts: the
      // router gets its base href from a provider instead.
      appProviders: [
        { name: 'APP_BASE_HREF', from: '@angular/common', call: "{ provide: APP_BASE_HREF, useValue: '/' }" },
      ],
      indexHtml: { remove: ['<base href="/" />'] },
      compilerOptions: { rewriteRelativeImportExtensions: true },
      nitroModules: [
        {
          name: 'security',
          from: 'src/modules/security/index.ts',
          call: 'security({ bodyLimit: 1024 * 1024 })',
        },
      ],
      viteImports: [
        { name: 'cspNoncePlaceholder', from: 'src/modules/security/index.ts', call: 'cspNoncePlaceholder' },
      ],
      vite: { html: '{ cspNonce: cspNoncePlaceholder }' },
      nitro: { runtimeConfig: { cspReportOnly: false } },
      env: {
        CSP_REPORT_ONLY: {
          meaning: "true sends each page's policy as Content-Security-Policy-Report-Only, blocking nothing",
          example: 'false',
        },
      },
    },
    specs: [
      'test/server/security-headers.spec.ts',
      'test/server/csp.spec.ts',
      'test/server/body-deadline.spec.ts',
      'e2e/csp.spec.ts',
    ],
    requests: [
      // The stock app prerenders its home page: a prerendered page's policy names its scripts' hashes.
      {
        method: 'GET',
        path: '/',
        status: 200,
        responseHeaders: {
          'content-security-policy': "script-src 'self' 'sha256-",
          'x-content-type-options': 'nosniff',
        },
      },
      {
        method: 'POST',
        path: '/api/csp-report',
        headers: { 'content-type': 'application/csp-report' },
        body: { 'csp-report': {} },
        status: 204,
      },
    ],
  },
  {
    name: 'sessions',
    kind: 'lesson',
    title: 'Sessions and sign-in',
    docs: 'docs/sessions.md',
    entries: [
      'src/server/routes/api/v1/auth/sign-up.post.ts',
      'src/server/routes/api/v1/auth/sign-in.post.ts',
      'src/server/routes/api/v1/auth/sign-out.post.ts',
      'src/server/routes/api/v1/me.get.ts',
      'src/server/plugins/sessions.ts',
      'src/server/migrations/001-users.ts',
      'src/server/migrations/003-credentials.ts',
      'src/server/migrations/010-sessions.ts',
      'src/server/migrations/022-account-ages.ts',
      // The sign-in limits count in the database; uploads count with them too.
      'src/server/lib/rate-limit/',
      'src/server/plugins/rate-limits.ts',
      'src/server/migrations/018-rate-limits.ts',
      'src/app/pages/sign-in.page.ts',
      'src/app/pages/sign-in.server.ts',
      'src/app/pages/sign-up.page.ts',
      'src/app/pages/sign-up.server.ts',
      'src/app/loader-cookies.interceptor.ts',
    ],
    dependsOn: ['database', 'request'],
    config: {
      nitro: { runtimeConfig: { sessionSecret: '', signUpsPerHour: 10 } },
      env: {
        SESSION_SECRET: {
          meaning: 'Seals the session cookies: 32 characters or more, random (`openssl rand -base64 32`)',
          example: 'copy-test-secret-of-at-least-32-characters',
          secret: true,
        },
      },
      // Loaders run inside the server render: this carries the browser's cookies to them and theirs back.
      interceptors: [
        {
          name: 'loaderCookiesInterceptor',
          from: 'src/app/loader-cookies.interceptor.ts',
          call: 'loaderCookiesInterceptor',
        },
      ],
      // The generator's tsconfig has no DOM.Iterable; the account forms iterate FormData.
      lib: ['DOM.Iterable'],
    },
    specs: [
      'test/server/sessions.spec.ts',
      'test/server/rate-limit.spec.ts',
      'test/server/sign-in-slowdown.spec.ts',
      'e2e/sessions.spec.ts',
    ],
    requests: [
      { method: 'GET', path: '/api/v1/me', status: 401 },
      {
        method: 'POST',
        path: '/api/v1/auth/sign-up',
        headers: json,
        body: { name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' },
        status: 201,
      },
      { method: 'GET', path: '/api/v1/me', status: 200, json: { email: 'ada@example.com' } },
      { method: 'GET', path: '/sign-in', status: 200, text: '<form' },
      // Safe without the security module: another site's form is refused, and so is a huge body.
      {
        method: 'POST',
        path: '/api/v1/auth/sign-in',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        body: 'email=ada%40example.com&password=correct+horse+battery',
        status: 403,
      },
      {
        method: 'POST',
        path: '/api/v1/auth/sign-up',
        headers: json,
        body: { name: 'x'.repeat(1024 * 1024), email: 'big@example.com', password: 'correct horse battery' },
        status: 413,
      },
    ],
  },
  {
    name: 'account',
    kind: 'lesson',
    title: 'Your account: a protected page, a rename, a password change, signing out everywhere',
    docs: 'docs/sessions.md',
    entries: [
      'src/server/routes/api/v1/me.patch.ts',
      'src/server/routes/api/v1/auth/password.put.ts',
      'src/server/routes/api/v1/auth/sign-out-everywhere.post.ts',
      'src/server/lib/account/',
      'src/app/pages/account.page.ts',
      'src/app/pages/account.server.ts',
    ],
    dependsOn: ['sessions'],
    config: {},
    specs: ['test/server/sessions.spec.ts', 'e2e/sessions.spec.ts'],
    // After the sessions recipe's requests Ada is signed in.
    requests: [
      // The account page as a browser gets it: its loader got her cookie through the server render.
      { method: 'GET', path: '/account', status: 200, text: 'Signed in as <strong>Ada</strong>' },
      {
        method: 'PATCH',
        path: '/api/v1/me',
        headers: json,
        body: { name: 'Ada L.' },
        status: 200,
        json: { name: 'Ada L.' },
      },
      { method: 'PATCH', path: '/api/v1/me', headers: json, body: { name: '' }, status: 422 },
      // Signed out, the page sends the visitor to sign in.
      { method: 'POST', path: '/api/v1/auth/sign-out', status: 204 },
      {
        method: 'GET',
        path: '/account',
        status: 302,
        responseHeaders: { location: '/sign-in?next=%2Faccount' },
      },
    ],
  },
  {
    name: 'seal-cache',
    kind: 'add-on',
    title: 'Tuning: session cookies unsealed once per process',
    docs: 'docs/tuning.md',
    entries: ['src/server/plugins/seal-cache.ts'],
    dependsOn: ['sessions'],
    config: { nitro: { runtimeConfig: { sealCache: true } } },
    specs: ['src/server/lib/seal-cache/seal-cache.spec.ts', 'test/server/sessions.spec.ts'],
    // After the sessions recipe's requests Ada is signed in: her cookie read again (now from the
    // cache), then signed out; sessions.spec.ts proves a verified cookie's copy stops working too.
    requests: [
      { method: 'GET', path: '/api/v1/me', status: 200, json: { email: 'ada@example.com' } },
      { method: 'GET', path: '/api/v1/me', status: 200, json: { email: 'ada@example.com' } },
      { method: 'POST', path: '/api/v1/auth/sign-out', status: 204 },
      { method: 'GET', path: '/api/v1/me', status: 401 },
    ],
  },
  {
    name: 'authorization',
    kind: 'lesson',
    title: 'Authorization guards',
    docs: 'docs/security.md',
    entries: [
      'src/server/routes/api/v1/users.get.ts',
      'src/server/routes/api/v1/users.post.ts',
      'src/server/routes/api/v1/users/[id].get.ts',
      'src/server/routes/api/v1/users/[id].put.ts',
      'src/server/routes/api/v1/users/[id].delete.ts',
      'src/server/plugins/admin-emails.ts',
      'src/server/lib/authorization/',
    ],
    dependsOn: ['sessions'],
    config: {
      nitro: { runtimeConfig: { adminEmails: '' } },
      env: {
        ADMIN_EMAILS: {
          meaning:
            'Comma-separated emails whose accounts are admins once they exist when the server starts (sign up, then restart)',
          example: 'admin@example.com',
        },
      },
    },
    specs: ['test/server/users.spec.ts', 'test/server/admin-emails.spec.ts'],
    // After the sessions recipe's requests Ada (user 4, after the three demo users) is signed in.
    requests: [
      { method: 'GET', path: '/api/v1/users/4', status: 200, json: { id: 4, name: 'Ada' } },
      { method: 'GET', path: '/api/v1/users', status: 403 },
      {
        method: 'POST',
        path: '/api/v1/auth/sign-up',
        headers: json,
        body: { name: 'Bob', email: 'bob@example.com', password: 'correct horse battery' },
        status: 201,
      },
      { method: 'GET', path: '/api/v1/users/4', status: 403 },
      { method: 'PUT', path: '/api/v1/users/4', headers: json, body: { name: 'Eve' }, status: 403 },
      { method: 'POST', path: '/api/v1/auth/sign-out', status: 204 },
      { method: 'GET', path: '/api/v1/users/4', status: 401 },
      {
        method: 'POST',
        path: '/api/v1/auth/sign-up',
        headers: json,
        body: { name: 'Admin', email: 'admin@example.com', password: 'correct horse battery' },
        status: 201,
      },
      // ADMIN_EMAILS makes admins of the accounts that exist when the server starts: after a restart.
      { method: 'GET', path: '/api/v1/users', status: 403 },
      { method: 'GET', path: '/api/v1/users', status: 200, json: [{ id: 1 }], restartFirst: true },
      { method: 'GET', path: '/api/v1/users/999999', status: 404 },
      { method: 'PUT', path: '/api/v1/users/4', headers: json, body: { name: 'Ada L.' }, status: 200 },
      { method: 'PUT', path: '/api/v1/users/0', headers: json, body: { name: 'Grace' }, status: 422 },
      {
        method: 'POST',
        path: '/api/v1/users',
        headers: json,
        body: { name: 'Grace' },
        status: 201,
        json: { name: 'Grace' },
      },
    ],
  },
  {
    name: 'uploads',
    kind: 'lesson',
    title: 'Uploads',
    docs: 'docs/uploads.md',
    entries: [
      'src/server/routes/api/v1/files.post.ts',
      'src/server/routes/api/v1/files.get.ts',
      'src/server/routes/api/v1/files/[id].get.ts',
      'src/server/routes/api/v1/files/[id].delete.ts',
      'src/server/migrations/008-files.ts',
      'src/server/migrations/012-file-owners.ts',
      'src/server/plugins/uploads.ts',
      'src/app/pages/files.page.ts',
      'src/app/pages/files.server.ts',
    ],
    // Files belong to an account (sessions). A retried upload stores one file where the app puts the
    // idempotency add-on on the route by its rule (docs/idempotency.md); the lesson needs none.
    dependsOn: ['sessions'],
    config: {
      nitro: {
        routeRules: { '/api/v1/files': { bodyLimit: false } },
        runtimeConfig: {
          uploads: { maxFiles: 20, maxBytes: 50 * 1024 * 1024, rateLimit: 60, rateWindowSeconds: 600 },
        },
      },
      appProviders: [
        {
          name: 'QueryClient, provideTanStackQuery',
          from: '@tanstack/angular-query-experimental',
          call: 'provideTanStackQuery(new QueryClient())',
        },
      ],
    },
    specs: ['test/server/uploads.spec.ts', 'test/server/upload-limits.spec.ts', 'e2e/files.spec.ts'],
    // The sessions recipe's requests have signed Ada in; uploads need an account.
    requests: [
      {
        method: 'POST',
        path: '/api/v1/files',
        headers: { 'content-type': 'multipart/form-data; boundary=copy' },
        // A 1×1 GIF header: the route keeps only files whose bytes prove an image or PDF type.
        body: '--copy\r\nContent-Disposition: form-data; name="file"; filename="dot.gif"\r\nContent-Type: image/gif\r\n\r\nGIF89a\x01\x00\x01\x00\x00\x00\x00;\r\n--copy--\r\n',
        status: 201,
        json: { name: 'dot.gif', type: 'image/gif' },
      },
      { method: 'GET', path: '/api/v1/files', status: 200, json: [{ name: 'dot.gif' }] },
      {
        method: 'POST',
        path: '/api/v1/files',
        headers: { 'content-type': 'multipart/form-data; boundary=copy' },
        body: '--copy\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--copy--\r\n',
        status: 415,
      },
      // The files page, as a browser signed in as Ada gets it: her upload listed.
      { method: 'GET', path: '/files', status: 200, text: 'dot.gif' },
      // Ids are generated UUIDs; the copy test can't name the one it stored, only one nobody has.
      { method: 'DELETE', path: '/api/v1/files/00000000-0000-4000-8000-000000000000', status: 404 },
      { method: 'POST', path: '/api/v1/auth/sign-out', status: 204 },
      {
        method: 'POST',
        path: '/api/v1/files',
        headers: { 'content-type': 'multipart/form-data; boundary=copy' },
        body: '--copy\r\nContent-Disposition: form-data; name="file"; filename="dot.gif"\r\nContent-Type: image/gif\r\n\r\nGIF89a\x01\x00\x01\x00\x00\x00\x00;\r\n--copy--\r\n',
        status: 401,
      },
    ],
  },
  {
    name: 'todos',
    kind: 'base',
    title: 'The todo list the list recipes share',
    docs: 'docs/pagination-and-caching.md',
    // The table and its writes; each write calls the `todos:changed` hook, where the list recipes hook in.
    entries: [
      'src/server/routes/api/v1/todos.post.ts',
      'src/server/routes/api/v1/todos/[id].patch.ts',
      'src/server/routes/api/v1/todos/[id].delete.ts',
      'src/server/migrations/002-todos.ts',
    ],
    dependsOn: ['database'],
    config: { nitro: { runtimeConfig: { todosMax: 1_000 } } },
    specs: ['test/server/todos.spec.ts', 'test/server/todo-list-cap.spec.ts'],
    requests: [
      {
        method: 'POST',
        path: '/api/v1/todos',
        headers: json,
        body: { title: 'Buy tea' },
        status: 201,
        json: { title: 'Buy tea', done: false },
      },
      { method: 'POST', path: '/api/v1/todos', headers: json, body: { title: ' ' }, status: 422 },
      {
        method: 'PATCH',
        path: '/api/v1/todos/00000000-0000-4000-8000-000000000000',
        headers: json,
        body: { done: true },
        status: 404,
      },
      { method: 'DELETE', path: '/api/v1/todos/not-a-uuid', status: 422 },
    ],
  },
  {
    name: 'pagination',
    kind: 'lesson',
    title: 'Pagination and conditional GET',
    docs: 'docs/pagination-and-caching.md',
    entries: [
      'src/server/routes/api/v1/todos.get.ts',
      'src/server/routes/api/v1/todos/version.get.ts',
      'src/server/migrations/005-todos-version.ts',
    ],
    dependsOn: ['todos'],
    config: {},
    specs: ['test/server/todos.spec.ts', 'src/server/lib/pagination/todo-cursor.spec.ts'],
    requests: [
      { method: 'POST', path: '/api/v1/todos', headers: json, body: { title: 'Buy tea' }, status: 201 },
      {
        method: 'GET',
        path: '/api/v1/todos?limit=1',
        status: 200,
        responseHeaders: { etag: '"todos-' },
        text: 'Buy tea',
      },
      {
        method: 'GET',
        path: '/api/v1/todos/version',
        status: 200,
        responseHeaders: { 'cache-control': 'no-cache' },
        text: '"version":',
      },
      { method: 'GET', path: '/api/v1/todos?limit=0', status: 422 },
    ],
  },
  {
    name: 'cached-handler',
    kind: 'lesson',
    title: 'Cached handler',
    docs: 'docs/pagination-and-caching.md',
    entries: [
      'src/server/routes/api/v1/todos/summary.get.ts',
      'src/server/plugins/cache-storage.ts',
      'src/server/migrations/006-cache-entries.ts',
      'src/server/migrations/016-cache-tombstones.ts',
    ],
    dependsOn: ['todos'],
    config: {},
    specs: ['test/server/todos.spec.ts', 'src/server/lib/cache/cache-storage.spec.ts'],
    // The todos recipe's requests made one todo. A write drops the cached summary before it answers: the next read counts it.
    requests: [
      { method: 'GET', path: '/api/v1/todos/summary?by=day', status: 200, json: { by: 'day', total: 1 } },
      { method: 'POST', path: '/api/v1/todos', headers: json, body: { title: 'Brew tea' }, status: 201 },
      { method: 'GET', path: '/api/v1/todos/summary?by=day', status: 200, json: { by: 'day', total: 2 } },
      { method: 'GET', path: '/api/v1/todos/summary?by=year', status: 422 },
    ],
  },
  {
    name: 'live-updates',
    kind: 'lesson',
    title: 'Live updates (Server-Sent Events)',
    docs: 'docs/live-updates.md',
    entries: [
      'src/server/routes/api/v1/todos/events.get.ts',
      'src/server/plugins/todo-events.ts',
      'src/server/migrations/004-todo-events.ts',
      'src/server/migrations/011-todo-event-times.ts',
    ],
    // Streams are capped per client address (src/modules/request).
    dependsOn: ['todos', 'request'],
    config: {
      nitro: {
        runtimeConfig: {
          todoEvents: { maxStreams: 1_000, maxStreamsPerAddress: 10, heartbeatSeconds: 15, stallSeconds: 30 },
        },
      },
    },
    specs: [
      'test/server/todo-events.spec.ts',
      'test/server/todo-events-backpressure.spec.ts',
      'test/server/todo-events-clients.spec.ts',
      'test/server/todo-events-limits.spec.ts',
      'test/server/todo-events-postgres.spec.ts',
      'src/server/lib/live/todo-events.spec.ts',
      'e2e/todos.spec.ts',
    ],
    requests: [
      {
        method: 'GET',
        path: '/api/v1/todos/events',
        status: 200,
        responseHeaders: { 'content-type': 'text/event-stream' },
        text: 'event: ready',
      },
      {
        method: 'GET',
        path: '/api/v1/todos/events',
        headers: { 'last-event-id': 'not-an-id' },
        status: 200,
        text: 'event: reset',
      },
    ],
  },
  {
    name: 'page-cache',
    kind: 'add-on',
    title: 'Tuning: pages kept in memory, a fresh nonce per response',
    docs: 'docs/page-cache.md',
    // Its own page shows when it was rendered: a reload within `maxAge` shows the same time.
    entries: [
      'src/server/lib/page-cache/',
      'src/server/plugins/page-cache.ts',
      'src/app/pages/page-cache.page.ts',
    ],
    // Each answer gets a fresh nonce (security). It caches the pages `cachedPages` lists.
    dependsOn: ['security'],
    config: {
      nitroModules: [{ name: 'pageCache', from: 'src/server/lib/page-cache/module.ts', call: 'pageCache()' }],
      nitro: { runtimeConfig: { pageCache: true, cachedPages: { '/page-cache': { maxAge: 10_000 } } } },
    },
    specs: [
      'test/server/page-cache.spec.ts',
      'src/server/lib/page-cache/page-cache.spec.ts',
      'e2e/page-cache.spec.ts',
    ],
    requests: [
      // A page rendered on request gets a nonce (the security recipe's edit of src/main.server.ts), …
      {
        method: 'GET',
        path: '/page-cache',
        status: 200,
        text: 'Rendered at',
        responseHeaders: { 'content-security-policy': "script-src 'nonce-" },
      },
      // … and a fresh one when it comes from memory.
      {
        method: 'GET',
        path: '/page-cache',
        status: 200,
        text: 'Rendered at',
        responseHeaders: { 'content-security-policy': "script-src 'nonce-" },
      },
    ],
  },
  {
    name: 'websockets',
    kind: 'lesson',
    title: 'WebSockets: a chat across processes',
    docs: 'docs/websockets.md',
    entries: [
      'src/server/routes/ws/chat.ts',
      'src/server/plugins/chat.ts',
      'src/server/migrations/017-chat-messages.ts',
      'src/server/migrations/021-session-ends.ts',
      'src/app/pages/chat.page.ts',
    ],
    // Signed-in users only (lib/auth); the other processes wake through the database's `watchCommits`.
    dependsOn: ['sessions'],
    config: {
      nitro: {
        experimental: { websocket: true },
        runtimeConfig: { chat: runtimeConfig.chat },
      },
    },
    specs: [
      'test/server/chat.spec.ts',
      'test/server/chat-session-end.spec.ts',
      'test/server/chat-limits.spec.ts',
      'test/server/websocket-processes.spec.ts',
      'test/server/dev-server.spec.ts',
      'e2e/chat.spec.ts',
    ],
    // Ada signs in again: a recipe copied with this one may have signed her out.
    requests: [
      {
        method: 'POST',
        path: '/api/v1/auth/sign-in',
        headers: json,
        body: { email: 'ada@example.com', password: 'correct horse battery' },
        status: 200,
      },
      { method: 'GET', path: '/ws/chat', status: 426 },
      { method: 'GET', path: '/ws/chat', websocket: { origin: 'https://evil.example' }, status: 403 },
      {
        method: 'GET',
        path: '/ws/chat',
        websocket: {
          send: { type: 'message', text: 'Hello from the copy test' },
          receive: 'Hello from the copy test',
        },
        status: 101,
      },
      { method: 'GET', path: '/chat', status: 200, text: 'Chat' },
    ],
  },
  {
    name: 'server-functions',
    kind: 'lesson',
    title: 'Server functions',
    docs: 'docs/server-functions.md',
    entries: [
      'src/app/pages/reviews.page.ts',
      'src/app/reviews/request-id.interceptor.ts',
      'src/server/routes/api/v1/reviews.get.ts',
      'src/server/lib/server-functions/',
      'src/server/plugins/reviews.ts',
      'src/server/migrations/007-reviews.ts',
      'src/server/migrations/020-review-addresses.ts',
    ],
    // Anyone may post a review: the limit counts per client address (src/modules/request).
    dependsOn: ['database', 'request'],
    config: {
      nitroModules: [
        {
          name: 'serverFunctions',
          from: 'src/server/lib/server-functions/module.ts',
          call: 'serverFunctions()',
        },
      ],
      // The server config gives every server function a request id.
      serverProviders: [
        {
          name: 'provideServerFns, withServerFnInterceptors',
          from: '@analogjs/router/server',
          call: 'provideServerFns(withServerFnInterceptors([requestIdInterceptor]))',
          imports: [{ name: 'requestIdInterceptor', from: 'src/app/reviews/request-id.interceptor.ts' }],
        },
      ],
    },
    specs: ['test/server/server-functions.spec.ts', 'e2e/reviews.spec.ts'],
    requests: [
      { method: 'GET', path: '{serverFn:src/app/reviews/reviews.server.ts#loadReviews}', status: 200 },
      { method: 'GET', path: '/reviews', status: 200, text: 'Reviews' },
      // One address may post 20 reviews an hour; the 21st is refused.
      ...[...Array(20).keys()].map((n) => ({ ...postReview(`Review ${n + 1}`), status: 200 })),
      {
        ...postReview('One too many'),
        status: 429,
        json: { statusCode: 429, data: { limit: 20 } },
      },
    ],
  },
  {
    name: 'api-contract',
    kind: 'add-on',
    title: 'API contract: OpenAPI and the typed client',
    docs: 'docs/openapi.md',
    // The module (OpenAPI, 405 Allow, the route map it generates) and the typed client over it.
    entries: [
      'src/modules/api-contract/index.ts',
      'src/modules/api-contract/runtime/',
      'src/app/shared/api-client.ts',
      'src/app/shared/inject-api.ts',
      'src/app/shared/server-route-query.ts',
      // In place of the generator's hello.ts: the same route, with the header and meta the contract reads.
      'src/server/routes/api/v1/hello.ts',
    ],
    dependsOn: ['validated-routes'],
    config: {
      compilerOptions: { rewriteRelativeImportExtensions: true },
      nitroModules: [
        {
          name: 'apiContract',
          from: 'src/modules/api-contract/index.ts',
          call: "apiContract({ outFile: 'src/server/api-routes.gen.ts', root: '.' })",
        },
      ],
    },
    specs: ['test/server/openapi.spec.ts', 'src/modules/api-contract/runtime/openapi.spec.ts'],
    requests: [
      { method: 'GET', path: '/api/openapi.json', status: 200, json: { openapi: '3.1.0' } },
      { method: 'GET', path: '/api/v1/search?q=an', status: 200 },
    ],
  },
  {
    name: 'idempotency',
    kind: 'add-on',
    title: 'Idempotent writes',
    docs: 'docs/idempotency.md',
    // The wrapper, its table, and a demo write that must not count twice: wrapping another route is one
    // line, or one route rule (`idempotentRoute()`, read by the middleware) that leaves the route's file alone.
    entries: [
      'src/server/routes/api/v1/donations.post.ts',
      'src/server/lib/idempotency/',
      'src/server/plugins/idempotency.ts',
      'src/server/migrations/015-idempotency-keys.ts',
      'src/server/migrations/019-donation-total.ts',
    ],
    // A key is kept per caller: the user a guard signed in (`event.context.userId`), else the address (src/modules/request).
    dependsOn: ['database', 'request'],
    config: {
      nitroModules: [
        { name: 'idempotency', from: 'src/server/lib/idempotency/route-rule.ts', call: 'idempotency()' },
      ],
      nitro: {
        runtimeConfig: {
          idempotencyKeyTtlSeconds: 24 * 60 * 60,
          idempotencyKeysPerCaller: 1_000,
          idempotencyKeysMax: 100_000,
        },
      },
    },
    specs: [
      'test/server/idempotency.spec.ts',
      'src/server/lib/idempotency/store.spec.ts',
      'src/server/lib/idempotency/key.spec.ts',
    ],
    requests: [
      {
        method: 'POST',
        path: '/api/v1/donations',
        headers: { ...json, 'idempotency-key': '"copy-test-1"' },
        body: { amount: 5 },
        status: 200,
        json: { amount: 5, total: 5 },
      },
      {
        method: 'POST',
        path: '/api/v1/donations',
        headers: { ...json, 'idempotency-key': '"copy-test-1"' },
        body: { amount: 5 },
        status: 200,
        json: { amount: 5, total: 5 },
        responseHeaders: { 'idempotent-replayed': 'true' },
      },
      {
        method: 'POST',
        path: '/api/v1/donations',
        headers: { ...json, 'idempotency-key': '"copy-test-1"' },
        body: { amount: 6 },
        status: 422,
      },
      // Counted once, not twice: 5 + 1.
      {
        method: 'POST',
        path: '/api/v1/donations',
        headers: json,
        body: { amount: 1 },
        status: 200,
        json: { total: 6 },
      },
    ],
  },
  {
    name: 'housekeeping',
    kind: 'add-on',
    title: 'Scheduled housekeeping with a database lease',
    docs: 'docs/deploy.md',
    entries: [
      'src/server/tasks/housekeeping.ts',
      'src/server/plugins/housekeeping.ts',
      'src/server/migrations/013-task-leases.ts',
    ],
    // The task purges what each of these recipes leaves behind, and starts nothing while the server drains (health).
    dependsOn: ['database'],
    config: {
      nitro: {
        experimental: { tasks: true },
        scheduledTasks: { '* * * * * *': ['housekeeping'] },
        runtimeConfig: { housekeeping: { intervalSeconds: 600 } },
      },
    },
    specs: ['test/server/housekeeping.spec.ts'],
    // The task runs inside the server every second; the server must keep answering while it does.
    requests: [{ method: 'GET', path: '/api/v1/search?q=an', status: 200 }],
  },
  {
    name: 'health',
    kind: 'add-on',
    title: 'Health probes and request log',
    docs: 'docs/deploy.md',
    entries: [
      'src/server/routes/api/healthz.get.ts',
      'src/server/routes/api/readyz.get.ts',
      'src/server/plugins/ops.ts',
      'src/server/plugins/request-log.ts',
    ],
    // Each log line names the user its request's guard read (lib/auth), with no session query of its own.
    dependsOn: ['database'],
    config: { nitro: { runtimeConfig: { logLevel: 'info' } } },
    specs: ['test/server/probes.spec.ts', 'test/server/request-log.spec.ts', 'test/server/drain.spec.ts'],
    requests: [
      {
        method: 'GET',
        path: '/api/healthz',
        status: 200,
        json: { status: 'alive' },
        responseHeaders: { 'cache-control': 'no-store', 'x-request-id': '' },
      },
      { method: 'GET', path: '/api/readyz', status: 200, json: { status: 'ready' } },
    ],
  },
  {
    name: 'webhooks',
    kind: 'lesson',
    title: 'Signed webhooks',
    docs: 'docs/webhooks.md',
    entries: [
      'src/server/routes/api/v1/webhooks/payments.post.ts',
      'src/server/migrations/014-webhook-events.ts',
      'src/server/plugins/webhooks.ts',
    ],
    dependsOn: ['database'],
    config: {
      nitro: {
        runtimeConfig: { webhookSecret: '' },
        routeRules: { '/api/v1/webhooks/payments': { bodyLimit: 64 * 1024 } },
      },
      env: {
        WEBHOOK_SECRET: {
          meaning:
            "The payment provider's signing secret, 32 characters or more (the previous one after a comma while rotating); without it the route answers 503",
          example: 'copy-test-webhook-secret-of-32-characters',
          secret: true,
        },
      },
    },
    specs: ['test/server/webhooks.spec.ts'],
    requests: [
      // A delivery over 64 KiB is refused before it is read, with or without the security module.
      {
        method: 'POST',
        path: '/api/v1/webhooks/payments',
        headers: json,
        body: { ...webhookEvent, pad: 'x'.repeat(64 * 1024) },
        status: 413,
      },
      {
        method: 'POST',
        path: '/api/v1/webhooks/payments',
        headers: json,
        body: webhookEvent,
        status: 400,
      },
      {
        method: 'POST',
        path: '/api/v1/webhooks/payments',
        headers: { ...json, 'webhook-signature': `t=1700000000,v1=${'0'.repeat(64)}` },
        body: webhookEvent,
        status: 401,
      },
      {
        method: 'POST',
        path: '/api/v1/webhooks/payments',
        headers: json,
        body: webhookEvent,
        sign: { header: 'webhook-signature', secretEnv: 'WEBHOOK_SECRET' },
        status: 202,
        json: { received: true, duplicate: false },
      },
      {
        method: 'POST',
        path: '/api/v1/webhooks/payments',
        headers: json,
        body: webhookEvent,
        sign: { header: 'webhook-signature', secretEnv: 'WEBHOOK_SECRET' },
        status: 200,
        json: { received: true, duplicate: true },
      },
    ],
  },
  {
    name: 'og-images',
    kind: 'lesson',
    title: 'Open Graph images',
    docs: 'docs/og-images.md',
    entries: [
      'src/server/routes/api/v1/products/[id]/og.png.get.ts',
      'src/server/plugins/og-image-cache-control.ts',
      'src/server/routes/api/v1/products/[id].get.ts',
      'src/app/pages/products/[id].page.ts',
      'src/app/pages/products/[id].server.ts',
    ],
    dependsOn: ['validated-routes'],
    // No file imports the font package: Nitro bundles its files (serverAssets).
    packages: ['@fontsource/inter'],
    config: {
      compilerOptions: { rewriteRelativeImportExtensions: true },
      nitro: {
        serverAssets: [
          {
            baseName: 'og-fonts',
            dir: '../../node_modules/@fontsource/inter/files',
            pattern: 'inter-latin-{400,700}-normal.woff',
          },
        ],
      },
    },
    specs: [
      'test/server/og-images.spec.ts',
      'test/server/static-output.spec.ts',
      'src/server/lib/og-images/og-image.spec.ts',
    ],
    requests: [
      {
        method: 'GET',
        path: '/products/1',
        status: 200,
        text: '<meta property="og:image" content="http://localhost:3000/api/v1/products/1/og.png?v=',
      },
      {
        method: 'GET',
        path: '/api/v1/products/1/og.png',
        status: 200,
        responseHeaders: { 'content-type': 'image/png', 'cache-control': 'no-cache', etag: '"og-' },
      },
      { method: 'GET', path: '/api/v1/products/999/og.png', status: 404 },
      { method: 'GET', path: '/api/v1/products/abc/og.png', status: 422, json: [{ path: ['id'] }] },
    ],
  },
];
