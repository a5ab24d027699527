// Generated from the route files Nitro scans, by src/modules/api-contract. Do not edit:
// `vite build` and `vite` rewrite it when a route file is added, renamed or removed.

/**
 * Every API route file, its header and who may call it: the API rows of the route catalogue
 * (README, `/routes`) and of the access table in docs/security.md.
 */
export const apiCatalogue = [
  {
    kind: 'api',
    file: 'src/server/routes/api/[...].ts',
    pattern: 'Catch-all',
    when: 'answers unmatched API paths with JSON 404, or 405 where the path takes other methods.',
    method: 'ANY',
    url: '/api/**',
    query: '',
    access: 'anyone',
    limits: 'None needed: it answers 404 or 405 and stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/modules/security/runtime/handlers/csp-report.post.ts',
    pattern: 'Report sink',
    when: 'browsers POST Content-Security-Policy violations here; each is logged, nothing is echoed.',
    method: 'POST',
    url: '/api/csp-report',
    query: '',
    access: 'anyone',
    limits: 'Body ≤ 16 KiB; each report is logged, never stored or echoed.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/healthz.get.ts',
    pattern: 'Liveness probe',
    when: '200 while the process runs, no I/O, so a slow database never restarts it.',
    method: 'GET',
    url: '/api/healthz',
    query: '',
    access: 'anyone',
    limits: 'No body; no rate limit, it does no I/O.',
  },
  {
    kind: 'api',
    file: 'src/modules/api-contract/runtime/openapi.json.get.ts',
    pattern: 'Cached document',
    when: 'the OpenAPI 3.1 description of every route, built once at start, with an ETag.',
    method: 'GET',
    url: '/api/openapi.json',
    query: '',
    access: 'anyone',
    limits: 'None needed: built once at start, answered with an ETag.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/readyz.get.ts',
    pattern: 'Readiness probe',
    when: '200 while the database answers, 503 with a reason while it doesn\'t or the server drains.',
    method: 'GET',
    url: '/api/readyz',
    query: '',
    access: 'anyone',
    limits: 'No body; no rate limit, concurrent probes share one database check.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/rss.xml.ts',
    pattern: 'XML route',
    when: 'set `content-type: text/xml` and return the document as a string.',
    method: 'ANY',
    url: '/api/rss.xml',
    query: '',
    access: 'anyone',
    limits: 'None needed: a fixed feed; it stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/auth/password.put.ts',
    pattern: 'Password change',
    when: 'the current password proves it is you; the new one is hashed, and every session but a new one ends.',
    method: 'PUT',
    url: '/api/v1/auth/password',
    query: '',
    access: 'signed-in',
    limits: 'Passwords ≤ 128 characters; 5 wrong current passwords per 15 min per account.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/auth/sign-in.post.ts',
    pattern: 'Rate-limited sign-in',
    when: 'a wrong email or password is the same 401; limits per address and pair answer 429, an account only slows down.',
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    query: '',
    access: 'anyone',
    limits: 'Password ≤ 128 characters; 20 failures per 15 min per address, 5 per account and address; an account slows down after 5 failures.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/auth/sign-out.post.ts',
    pattern: 'Sign-out',
    when: 'the session ends on the server (a copy of its cookie stops working) and its cookie is cleared; 204 with or without one.',
    method: 'POST',
    url: '/api/v1/auth/sign-out',
    query: '',
    access: 'anyone',
    limits: 'No body; ends only the session its own cookie names.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/auth/sign-out-everywhere.post.ts',
    pattern: 'Sign out everywhere',
    when: 'every session of the signed-in account ends, in every process, this one too.',
    method: 'POST',
    url: '/api/v1/auth/sign-out-everywhere',
    query: '',
    access: 'signed-in',
    limits: 'No body; ends only the caller’s own sessions.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/auth/sign-up.post.ts',
    pattern: 'Sign-up',
    when: 'validate, hash the password, store the account and start its session, answering 201.',
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    query: '',
    access: 'anyone',
    limits: 'Password ≤ 128 characters; 10 new accounts per hour per address; 5 taken emails per 15 min per address and per email.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/boom.ts',
    pattern: 'Uncaught error',
    when: 'h3 answers 500, and in production the body carries no stack or message.',
    method: 'ANY',
    url: '/api/v1/boom',
    query: '',
    access: 'anyone',
    limits: 'None needed: it throws before doing anything.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/contact.post.ts',
    pattern: 'Validated form kept in key-value storage',
    when: 'one `input` schema for JSON, URL-encoded and multipart; `useStorage` stores it.',
    method: 'POST',
    url: '/api/v1/contact',
    query: '',
    access: 'anyone',
    limits: 'Body ≤ 1 MiB, message ≤ 2,000 characters; at most 1,000 messages kept (FORMS_MAX_CONTACT_MESSAGES).',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/docs/[...slug].ts',
    pattern: 'Named catch-all',
    when: '`[...slug]` captures every remaining segment, slashes included.',
    method: 'ANY',
    url: '/api/v1/docs/**:slug',
    query: '',
    access: 'anyone',
    limits: 'None needed: it echoes the checked slug and stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/files.get.ts',
    pattern: 'Owner\'s list',
    when: 'the signed-in account\'s files, newest first, never anyone else\'s.',
    method: 'GET',
    url: '/api/v1/files',
    query: '',
    access: 'signed-in',
    limits: 'Lists at most the quota: 20 files by default.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/files.post.ts',
    pattern: 'Owned, streamed upload',
    when: 'a signed-in account\'s file, rate-limited, reserved in its quota, capped and typed by its bytes.',
    method: 'POST',
    url: '/api/v1/files',
    query: '',
    access: 'signed-in',
    limits: 'File ≤ 5 MiB; by default 20 files and 50 MiB per account, 60 uploads per 10 min per account and address.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/files/[id].delete.ts',
    pattern: 'Owner-only delete',
    when: 'the `requireOwnFile` guard, then the row, the quota share and the bytes go, 204.',
    method: 'DELETE',
    url: '/api/v1/files/:id',
    query: '',
    access: 'owner',
    limits: 'Body ≤ 1 MiB, the global cap; none is read.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/files/[id].get.ts',
    pattern: 'Owner-only download',
    when: 'the sniffed type, nosniff, an encoded file name, and a sandbox for non-images.',
    method: 'GET',
    url: '/api/v1/files/:id',
    query: '',
    access: 'owner',
    limits: 'Files are private to their owner; no shared or browser cache keeps them.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/greet/[name].ts',
    pattern: 'Dynamic segment via `getRouterParam`',
    when: 'the h3 helper reads (and decodes) one parameter.',
    method: 'ANY',
    url: '/api/v1/greet/:name',
    query: '',
    access: 'anyone',
    limits: 'None needed: it stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/hello.ts',
    pattern: 'JSON route',
    when: 'return a plain object and h3 serialises it as JSON, for any method.',
    method: 'ANY',
    url: '/api/v1/hello',
    query: '',
    access: 'anyone',
    limits: 'None needed: it stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/hello/[name].ts',
    pattern: 'Dynamic segment via `event.context.params`',
    when: 'the file name `[name]` becomes a route parameter.',
    method: 'ANY',
    url: '/api/v1/hello/:name',
    query: '',
    access: 'anyone',
    limits: 'None needed: it stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/items/[id].ts',
    pattern: 'Errors with `createError`',
    when: 'reject bad input with a status code and message the client can read.',
    method: 'ANY',
    url: '/api/v1/items/:id',
    query: '',
    access: 'anyone',
    limits: 'None needed: it stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/me.get.ts',
    pattern: 'Protected read',
    when: 'the `requireUser` guard answers 401 without a live session, else the account, never cached.',
    method: 'GET',
    url: '/api/v1/me',
    query: '',
    access: 'signed-in',
    limits: 'No body; one indexed read per request.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/me.patch.ts',
    pattern: 'Protected, validated write',
    when: 'the body schema runs first, then the `requireUser` guard, then one UPDATE.',
    method: 'PATCH',
    url: '/api/v1/me',
    query: '',
    access: 'signed-in',
    limits: 'Name ≤ 100 characters; changes only the caller’s own account.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/products.get.ts',
    pattern: 'Method suffix',
    when: '`.get.ts` restricts the file to GET; the `Product` type it serves is shared with the pages.',
    method: 'GET',
    url: '/api/v1/products',
    query: '',
    access: 'anyone',
    limits: 'None needed: a fixed list; it stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/products.csv.get.ts',
    pattern: 'Returning a `Response` object',
    when: 'full control of body and headers, here a CSV download.',
    method: 'GET',
    url: '/api/v1/products.csv',
    query: '',
    access: 'anyone',
    limits: 'None needed: a fixed list; it stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/products/[id].get.ts',
    pattern: 'Validated params, then a guard',
    when: '`params.id` must be a positive integer, and a product must have it.',
    method: 'GET',
    url: '/api/v1/products/:id',
    query: '',
    access: 'anyone',
    limits: 'None needed: a fixed list; it stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/products/[id]/og.png.get.ts',
    pattern: 'Generated image',
    when: 'a picture drawn from data (an Open Graph card), rendered once per version, sent as bytes with an ETag.',
    method: 'GET',
    url: '/api/v1/products/:id/og.png',
    query: '',
    access: 'anyone',
    limits: 'None needed: catalogue products only, each version rendered once per process.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/query.ts',
    pattern: 'Query parameters with `getQuery`',
    when: 'strings, and arrays for repeated names.',
    method: 'ANY',
    url: '/api/v1/query',
    query: '?param1=Analog&param2=Angular&tag=a&tag=b',
    access: 'anyone',
    limits: 'None needed: it echoes the query and stores nothing.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/redirect.get.ts',
    pattern: 'Redirect',
    when: '`redirect()` answers 302 with a `Location` header.',
    method: 'GET',
    url: '/api/v1/redirect',
    query: '',
    access: 'anyone',
    limits: 'None needed: a fixed redirect.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/reviews.get.ts',
    pattern: 'Validated list',
    when: 'the same reviews the server function `loadReviews` reads, as a public URL.',
    method: 'GET',
    url: '/api/v1/reviews',
    query: '',
    access: 'anyone',
    limits: 'None needed: it reads one page of reviews.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/search.get.ts',
    pattern: 'Validated query',
    when: '`defineApiRoute` coerces, defaults and checks the URL query before the handler runs.',
    method: 'GET',
    url: '/api/v1/search',
    query: '?q=an&page=2&tag=x&tag=y',
    access: 'anyone',
    limits: 'None needed: it reads one page of a fixed list.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/todos.get.ts',
    pattern: 'Keyset pages with an ETag',
    when: '`?cursor=` pages stay stable under writes, and a matching `If-None-Match` answers 304.',
    method: 'GET',
    url: '/api/v1/todos',
    query: '?limit=20&cursor=…&done=false',
    access: 'anyone',
    limits: 'None needed: it reads at most 100 todos a page.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/todos.post.ts',
    pattern: 'Validated create',
    when: 'the `body` schema guards the store, the route answers 201, and `Idempotency-Key` makes a retry safe.',
    method: 'POST',
    url: '/api/v1/todos',
    query: '',
    access: 'anyone',
    limits: 'Body ≤ 1 MiB; a title of 1 to 200 characters; the list holds at most 1,000 todos (TODOS_MAX).',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/todos/[id].delete.ts',
    pattern: 'Validated delete',
    when: 'a `params` schema checks the id, and success answers 204 with no body.',
    method: 'DELETE',
    url: '/api/v1/todos/:id',
    query: '',
    access: 'anyone',
    limits: 'None beyond the id check: a public demo list anyone may write.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/todos/[id].patch.ts',
    pattern: 'Validated partial update',
    when: '`params` and `body` schemas, then one `UPDATE … COALESCE … RETURNING`; unknown ids get 404.',
    method: 'PATCH',
    url: '/api/v1/todos/:id',
    query: '',
    access: 'anyone',
    limits: 'Body ≤ 1 MiB, title ≤ 200 characters; no rate limit: a public demo list anyone may write.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/todos/events.get.ts',
    pattern: 'Server-Sent Events',
    when: 'a live stream that resumes from `Last-Event-ID`, across workers and instances.',
    method: 'GET',
    url: '/api/v1/todos/events',
    query: '',
    access: 'anyone',
    limits: '10 open streams per address, 1,000 per process; cut off after 30 s without reading.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/todos/summary.get.ts',
    pattern: 'Cached handler',
    when: '`defineCachedEventHandler` keeps an expensive answer in Nitro\'s cache storage until a write drops it.',
    method: 'GET',
    url: '/api/v1/todos/summary',
    query: '?by=month',
    access: 'anyone',
    limits: 'None needed: it reads from the cache.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/todos/version.get.ts',
    pattern: 'Version probe',
    when: 'a client that polls asks whether the list changed for the price of one indexed read, before fetching a page.',
    method: 'GET',
    url: '/api/v1/todos/version',
    query: '',
    access: 'anyone',
    limits: 'None needed: it reads one row by its primary key.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/users.get.ts',
    pattern: 'Reading SQL with db0',
    when: 'one `SELECT` through `useDatabase()`, SQLite or PostgreSQL alike, after `requireAdmin`.',
    method: 'GET',
    url: '/api/v1/users',
    query: '',
    access: 'admin',
    limits: 'None: it reads, and only admins.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/users.post.ts',
    pattern: 'Request body with `readBody`',
    when: 'plain h3, checked by hand after `requireAdmin`, answering 201 Created.',
    method: 'POST',
    url: '/api/v1/users',
    query: '',
    access: 'admin',
    limits: 'Body ≤ 1 MiB; only admins.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/users/[id].delete.ts',
    pattern: 'Method suffix `.delete.ts`',
    when: 'the id is checked (JSON 400), then its owner or an admin, then 204 No Content.',
    method: 'DELETE',
    url: '/api/v1/users/:id',
    query: '',
    access: 'owner or admin',
    limits: 'None: only the account itself or an admin.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/users/[id].get.ts',
    pattern: 'Not found with `createError`',
    when: 'an unknown id answers 404 instead of an empty 200 (to an admin; others get 403 first).',
    method: 'GET',
    url: '/api/v1/users/:id',
    query: '',
    access: 'owner or admin',
    limits: 'None: it reads, and only the account itself or an admin.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/users/[id].put.ts',
    pattern: 'Owner or admin',
    when: '`requireOwnerOrAdmin` answers 401 without a session and 403 for another account, before any read or write.',
    method: 'PUT',
    url: '/api/v1/users/:id',
    query: '',
    access: 'owner or admin',
    limits: 'Body ≤ 1 MiB; only the account itself or an admin.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/api/v1/webhooks/payments.post.ts',
    pattern: 'Signed webhook',
    when: 'a server-to-server POST verified by HMAC over its raw bytes, stored once, processed after the 2xx.',
    method: 'POST',
    url: '/api/v1/webhooks/payments',
    query: '',
    access: 'signed request',
    limits: 'Body ≤ 64 KiB; the signature must be at most 5 minutes old.',
  },
  {
    kind: 'api',
    file: 'src/server/routes/ws/chat.ts',
    pattern: 'WebSocket',
    when: 'two-way messages between signed-in users, in order, across workers and instances',
    method: 'WS',
    url: '/ws/chat',
    query: '',
    access: 'signed-in',
    limits: 'Frame ≤ 4 KiB; 20 frames per 10 s per connection; 10 connections per address, 1,000 per process.',
  },
] as const;

/** The route modules by Nitro pattern and method: the typed client's contract. */
export interface ApiRoutes {
  '/api/**': {
    default: typeof import('./routes/api/[...]');
  };
  '/api/csp-report': {
    post: typeof import('./../modules/security/runtime/handlers/csp-report.post');
  };
  '/api/healthz': {
    get: typeof import('./routes/api/healthz.get');
  };
  '/api/openapi.json': {
    get: typeof import('./../modules/api-contract/runtime/openapi.json.get');
  };
  '/api/readyz': {
    get: typeof import('./routes/api/readyz.get');
  };
  '/api/rss.xml': {
    default: typeof import('./routes/api/rss.xml');
  };
  '/api/v1/auth/password': {
    put: typeof import('./routes/api/v1/auth/password.put');
  };
  '/api/v1/auth/sign-in': {
    post: typeof import('./routes/api/v1/auth/sign-in.post');
  };
  '/api/v1/auth/sign-out': {
    post: typeof import('./routes/api/v1/auth/sign-out.post');
  };
  '/api/v1/auth/sign-out-everywhere': {
    post: typeof import('./routes/api/v1/auth/sign-out-everywhere.post');
  };
  '/api/v1/auth/sign-up': {
    post: typeof import('./routes/api/v1/auth/sign-up.post');
  };
  '/api/v1/boom': {
    default: typeof import('./routes/api/v1/boom');
  };
  '/api/v1/contact': {
    post: typeof import('./routes/api/v1/contact.post');
  };
  '/api/v1/docs/**:slug': {
    default: typeof import('./routes/api/v1/docs/[...slug]');
  };
  '/api/v1/files': {
    get: typeof import('./routes/api/v1/files.get');
    post: typeof import('./routes/api/v1/files.post');
  };
  '/api/v1/files/:id': {
    delete: typeof import('./routes/api/v1/files/[id].delete');
    get: typeof import('./routes/api/v1/files/[id].get');
  };
  '/api/v1/greet/:name': {
    default: typeof import('./routes/api/v1/greet/[name]');
  };
  '/api/v1/hello': {
    default: typeof import('./routes/api/v1/hello');
  };
  '/api/v1/hello/:name': {
    default: typeof import('./routes/api/v1/hello/[name]');
  };
  '/api/v1/items/:id': {
    default: typeof import('./routes/api/v1/items/[id]');
  };
  '/api/v1/me': {
    get: typeof import('./routes/api/v1/me.get');
    patch: typeof import('./routes/api/v1/me.patch');
  };
  '/api/v1/products': {
    get: typeof import('./routes/api/v1/products.get');
  };
  '/api/v1/products.csv': {
    get: typeof import('./routes/api/v1/products.csv.get');
  };
  '/api/v1/products/:id': {
    get: typeof import('./routes/api/v1/products/[id].get');
  };
  '/api/v1/products/:id/og.png': {
    get: typeof import('./routes/api/v1/products/[id]/og.png.get');
  };
  '/api/v1/query': {
    default: typeof import('./routes/api/v1/query');
  };
  '/api/v1/redirect': {
    get: typeof import('./routes/api/v1/redirect.get');
  };
  '/api/v1/reviews': {
    get: typeof import('./routes/api/v1/reviews.get');
  };
  '/api/v1/search': {
    get: typeof import('./routes/api/v1/search.get');
  };
  '/api/v1/todos': {
    get: typeof import('./routes/api/v1/todos.get');
    post: typeof import('./routes/api/v1/todos.post');
  };
  '/api/v1/todos/:id': {
    delete: typeof import('./routes/api/v1/todos/[id].delete');
    patch: typeof import('./routes/api/v1/todos/[id].patch');
  };
  '/api/v1/todos/events': {
    get: typeof import('./routes/api/v1/todos/events.get');
  };
  '/api/v1/todos/summary': {
    get: typeof import('./routes/api/v1/todos/summary.get');
  };
  '/api/v1/todos/version': {
    get: typeof import('./routes/api/v1/todos/version.get');
  };
  '/api/v1/users': {
    get: typeof import('./routes/api/v1/users.get');
    post: typeof import('./routes/api/v1/users.post');
  };
  '/api/v1/users/:id': {
    delete: typeof import('./routes/api/v1/users/[id].delete');
    get: typeof import('./routes/api/v1/users/[id].get');
    put: typeof import('./routes/api/v1/users/[id].put');
  };
  '/api/v1/webhooks/payments': {
    post: typeof import('./routes/api/v1/webhooks/payments.post');
  };
  '/ws/chat': {
    default: typeof import('./routes/ws/chat');
  };
}
