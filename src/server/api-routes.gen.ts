// Generated from the route files Nitro scans, by src/build/api-contract.ts. Do not edit:
// `vite build` and `vite` rewrite it when a route file is added, renamed or removed.

/** Every API route file: its Nitro pattern, its method (`default` answers any) and its header. */
export const apiRouteFiles = [
  {
    route: '/api/**',
    method: 'default',
    file: 'src/server/routes/api/[...].ts',
    summary: 'Catch-all',
    description: 'Answers unmatched API paths with JSON 404, or 405 where the path takes other methods.',
    success: null,
    statuses: [404, 405],
    contentType: 'application/json',
    load: () => import('./routes/api/[...]'),
  },
  {
    route: '/api/csp-report',
    method: 'post',
    file: 'src/server/routes/api/csp-report.post.ts',
    summary: 'Report sink',
    description: 'Browsers POST Content-Security-Policy violations here; each is logged, nothing is echoed.',
    success: 204,
    statuses: [400, 413],
    contentType: 'application/json',
    load: () => import('./routes/api/csp-report.post'),
  },
  {
    route: '/api/openapi.json',
    method: 'get',
    file: 'src/server/routes/api/openapi.json.get.ts',
    summary: 'Cached document',
    description: 'The OpenAPI 3.1 description of every route, built once at start, with an ETag.',
    success: 200,
    statuses: [304],
    contentType: 'application/json',
    load: () => import('./routes/api/openapi.json.get'),
  },
  {
    route: '/api/rss.xml',
    method: 'default',
    file: 'src/server/routes/api/rss.xml.ts',
    summary: 'XML route',
    description: 'Set `content-type: text/xml` and return the document as a string.',
    success: 200,
    statuses: [],
    contentType: 'text/xml',
    load: () => import('./routes/api/rss.xml'),
  },
  {
    route: '/api/v1/boom',
    method: 'default',
    file: 'src/server/routes/api/v1/boom.ts',
    summary: 'Uncaught error',
    description: 'H3 answers 500, and in production the body carries no stack or message.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/boom'),
  },
  {
    route: '/api/v1/contact',
    method: 'post',
    file: 'src/server/routes/api/v1/contact.post.ts',
    summary: 'Validated form kept in key-value storage',
    description: 'One `input` schema for JSON, URL-encoded and multipart; `useStorage` stores it.',
    success: 200,
    statuses: [303],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/contact.post'),
  },
  {
    route: '/api/v1/docs/**:slug',
    method: 'default',
    file: 'src/server/routes/api/v1/docs/[...slug].ts',
    summary: 'Named catch-all',
    description: '`[...slug]` captures every remaining segment, slashes included.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/docs/[...slug]'),
  },
  {
    route: '/api/v1/files',
    method: 'get',
    file: 'src/server/routes/api/v1/files.get.ts',
    summary: 'Validated list',
    description: 'The newest uploaded files, their names as data.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/files.get'),
  },
  {
    route: '/api/v1/files',
    method: 'post',
    file: 'src/server/routes/api/v1/files.post.ts',
    summary: 'Streamed upload',
    description: 'Multipart read as it arrives, capped per file, typed by its bytes, stored under a new id.',
    success: 201,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/files.post'),
  },
  {
    route: '/api/v1/files/:id',
    method: 'get',
    file: 'src/server/routes/api/v1/files/[id].get.ts',
    summary: 'Safe download',
    description: 'The sniffed type, nosniff, an encoded file name, and a sandbox for non-images.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/files/[id].get'),
  },
  {
    route: '/api/v1/greet/:name',
    method: 'default',
    file: 'src/server/routes/api/v1/greet/[name].ts',
    summary: 'Dynamic segment via `getRouterParam`',
    description: 'The h3 helper reads (and decodes) one parameter.',
    success: 200,
    statuses: [],
    contentType: 'text/plain',
    load: () => import('./routes/api/v1/greet/[name]'),
  },
  {
    route: '/api/v1/hello',
    method: 'default',
    file: 'src/server/routes/api/v1/hello.ts',
    summary: 'JSON route',
    description: 'Return a plain object and h3 serialises it as JSON, for any method.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/hello'),
  },
  {
    route: '/api/v1/hello/:name',
    method: 'default',
    file: 'src/server/routes/api/v1/hello/[name].ts',
    summary: 'Dynamic segment via `event.context.params`',
    description: 'The file name `[name]` becomes a route parameter.',
    success: 200,
    statuses: [],
    contentType: 'text/plain',
    load: () => import('./routes/api/v1/hello/[name]'),
  },
  {
    route: '/api/v1/items/:id',
    method: 'default',
    file: 'src/server/routes/api/v1/items/[id].ts',
    summary: 'Errors with `createError`',
    description: 'Reject bad input with a status code and message the client can read.',
    success: 200,
    statuses: [400],
    contentType: 'text/plain',
    load: () => import('./routes/api/v1/items/[id]'),
  },
  {
    route: '/api/v1/products',
    method: 'get',
    file: 'src/server/routes/api/v1/products.get.ts',
    summary: 'Method suffix',
    description: '`.get.ts` restricts the file to GET; the `Product` type it serves is shared with the pages.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/products.get'),
  },
  {
    route: '/api/v1/products.csv',
    method: 'get',
    file: 'src/server/routes/api/v1/products.csv.get.ts',
    summary: 'Returning a `Response` object',
    description: 'Full control of body and headers, here a CSV download.',
    success: 200,
    statuses: [],
    contentType: 'text/csv',
    load: () => import('./routes/api/v1/products.csv.get'),
  },
  {
    route: '/api/v1/products/:id',
    method: 'get',
    file: 'src/server/routes/api/v1/products/[id].get.ts',
    summary: 'Validated params, then a guard',
    description: '`params.id` must be a positive integer, and a product must have it.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/products/[id].get'),
  },
  {
    route: '/api/v1/query',
    method: 'default',
    file: 'src/server/routes/api/v1/query.ts',
    summary: 'Query parameters with `getQuery`',
    description: 'Strings, and arrays for repeated names.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/query'),
  },
  {
    route: '/api/v1/redirect',
    method: 'get',
    file: 'src/server/routes/api/v1/redirect.get.ts',
    summary: 'Returning a `Response`',
    description: '`redirect()` answers 302 with a `Location` header.',
    success: 302,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/redirect.get'),
  },
  {
    route: '/api/v1/reviews',
    method: 'get',
    file: 'src/server/routes/api/v1/reviews.get.ts',
    summary: 'Validated list',
    description: 'The same reviews the server function `loadReviews` reads, as a public URL.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/reviews.get'),
  },
  {
    route: '/api/v1/search',
    method: 'get',
    file: 'src/server/routes/api/v1/search.get.ts',
    summary: 'Validated query',
    description: '`defineApiRoute` coerces, defaults and checks the URL query before the handler runs.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/search.get'),
  },
  {
    route: '/api/v1/todos',
    method: 'get',
    file: 'src/server/routes/api/v1/todos.get.ts',
    summary: 'Validated list with an exported `route`',
    description: 'Clients infer the query and result types from it.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/todos.get'),
  },
  {
    route: '/api/v1/todos',
    method: 'post',
    file: 'src/server/routes/api/v1/todos.post.ts',
    summary: 'Validated create',
    description: 'The `body` schema guards the store, and the route answers 201.',
    success: 201,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/todos.post'),
  },
  {
    route: '/api/v1/todos/:id',
    method: 'delete',
    file: 'src/server/routes/api/v1/todos/[id].delete.ts',
    summary: 'Validated delete',
    description: 'A `params` schema checks the id, and success answers 204 with no body.',
    success: 204,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/todos/[id].delete'),
  },
  {
    route: '/api/v1/todos/:id',
    method: 'patch',
    file: 'src/server/routes/api/v1/todos/[id].patch.ts',
    summary: 'Validated partial update',
    description: '`params` and `body` schemas, then one `UPDATE … COALESCE … RETURNING`; unknown ids get 404.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/todos/[id].patch'),
  },
  {
    route: '/api/v1/users',
    method: 'get',
    file: 'src/server/routes/api/v1/users.get.ts',
    summary: 'Reading SQL with db0',
    description: '`listUsers` runs one `SELECT` through `useDatabase()`, SQLite or PostgreSQL alike.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/users.get'),
  },
  {
    route: '/api/v1/users',
    method: 'post',
    file: 'src/server/routes/api/v1/users.post.ts',
    summary: 'Request body with `readBody`',
    description: 'Plain h3, checked by hand, answering 201 Created.',
    success: 201,
    statuses: [400, 422],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/users.post'),
  },
  {
    route: '/api/v1/users/:id',
    method: 'delete',
    file: 'src/server/routes/api/v1/users/[id].delete.ts',
    summary: 'Method suffix `.delete.ts`',
    description: 'Removes the record and answers 204 No Content.',
    success: 204,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/users/[id].delete'),
  },
  {
    route: '/api/v1/users/:id',
    method: 'get',
    file: 'src/server/routes/api/v1/users/[id].get.ts',
    summary: 'Not found with `createError`',
    description: 'An unknown id answers 404 instead of an empty 200.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/users/[id].get'),
  },
  {
    route: '/api/v1/users/:id',
    method: 'put',
    file: 'src/server/routes/api/v1/users/[id].put.ts',
    summary: 'Validated params and body',
    description: '`params.id` is coerced to a positive integer before the handler runs.',
    success: 200,
    statuses: [],
    contentType: 'application/json',
    load: () => import('./routes/api/v1/users/[id].put'),
  },
] as const;

/** The route modules by Nitro pattern and method: the typed client's contract. */
export interface ApiRoutes {
  '/api/**': {
    default: typeof import('./routes/api/[...]');
  };
  '/api/csp-report': {
    post: typeof import('./routes/api/csp-report.post');
  };
  '/api/openapi.json': {
    get: typeof import('./routes/api/openapi.json.get');
  };
  '/api/rss.xml': {
    default: typeof import('./routes/api/rss.xml');
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
  '/api/v1/products': {
    get: typeof import('./routes/api/v1/products.get');
  };
  '/api/v1/products.csv': {
    get: typeof import('./routes/api/v1/products.csv.get');
  };
  '/api/v1/products/:id': {
    get: typeof import('./routes/api/v1/products/[id].get');
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
  '/api/v1/users': {
    get: typeof import('./routes/api/v1/users.get');
    post: typeof import('./routes/api/v1/users.post');
  };
  '/api/v1/users/:id': {
    delete: typeof import('./routes/api/v1/users/[id].delete');
    get: typeof import('./routes/api/v1/users/[id].get');
    put: typeof import('./routes/api/v1/users/[id].put');
  };
}
