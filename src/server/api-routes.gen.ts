// Generated from the route files Nitro scans, by src/modules/api-contract. Do not edit:
// `vite build` and `vite` rewrite it when a route file is added, renamed or removed.

/** The route modules by Nitro pattern and method: the typed client's contract. */
export interface ApiRoutes {
  '/api/**': { default: typeof import('./routes/api/[...]') };
  '/api/csp-report': { post: typeof import('./../modules/security/runtime/handlers/csp-report.post') };
  '/api/healthz': { get: typeof import('./routes/api/healthz.get') };
  '/api/openapi.json': { get: typeof import('./../modules/api-contract/runtime/openapi.json.get') };
  '/api/readyz': { get: typeof import('./routes/api/readyz.get') };
  '/api/rss.xml': { default: typeof import('./routes/api/rss.xml') };
  '/api/v1/auth/password': { put: typeof import('./routes/api/v1/auth/password.put') };
  '/api/v1/auth/sign-in': { post: typeof import('./routes/api/v1/auth/sign-in.post') };
  '/api/v1/auth/sign-out': { post: typeof import('./routes/api/v1/auth/sign-out.post') };
  '/api/v1/auth/sign-out-everywhere': { post: typeof import('./routes/api/v1/auth/sign-out-everywhere.post') };
  '/api/v1/auth/sign-up': { post: typeof import('./routes/api/v1/auth/sign-up.post') };
  '/api/v1/boom': { default: typeof import('./routes/api/v1/boom') };
  '/api/v1/contact': { post: typeof import('./routes/api/v1/contact.post') };
  '/api/v1/docs/**:slug': { default: typeof import('./routes/api/v1/docs/[...slug]') };
  '/api/v1/donations': { post: typeof import('./routes/api/v1/donations.post') };
  '/api/v1/files': { get: typeof import('./routes/api/v1/files.get'); post: typeof import('./routes/api/v1/files.post') };
  '/api/v1/files/:id': { delete: typeof import('./routes/api/v1/files/[id].delete'); get: typeof import('./routes/api/v1/files/[id].get') };
  '/api/v1/greet/:name': { default: typeof import('./routes/api/v1/greet/[name]') };
  '/api/v1/hello': { default: typeof import('./routes/api/v1/hello') };
  '/api/v1/hello/:name': { default: typeof import('./routes/api/v1/hello/[name]') };
  '/api/v1/items/:id': { default: typeof import('./routes/api/v1/items/[id]') };
  '/api/v1/me': { get: typeof import('./routes/api/v1/me.get'); patch: typeof import('./routes/api/v1/me.patch') };
  '/api/v1/products': { get: typeof import('./routes/api/v1/products.get') };
  '/api/v1/products.csv': { get: typeof import('./routes/api/v1/products.csv.get') };
  '/api/v1/products/:id': { get: typeof import('./routes/api/v1/products/[id].get') };
  '/api/v1/products/:id/og.png': { get: typeof import('./routes/api/v1/products/[id]/og.png.get') };
  '/api/v1/query': { default: typeof import('./routes/api/v1/query') };
  '/api/v1/redirect': { get: typeof import('./routes/api/v1/redirect.get') };
  '/api/v1/reviews': { get: typeof import('./routes/api/v1/reviews.get') };
  '/api/v1/search': { get: typeof import('./routes/api/v1/search.get') };
  '/api/v1/todos': { get: typeof import('./routes/api/v1/todos.get'); post: typeof import('./routes/api/v1/todos.post') };
  '/api/v1/todos/:id': { delete: typeof import('./routes/api/v1/todos/[id].delete'); patch: typeof import('./routes/api/v1/todos/[id].patch') };
  '/api/v1/todos/events': { get: typeof import('./routes/api/v1/todos/events.get') };
  '/api/v1/todos/summary': { get: typeof import('./routes/api/v1/todos/summary.get') };
  '/api/v1/todos/version': { get: typeof import('./routes/api/v1/todos/version.get') };
  '/api/v1/users': { get: typeof import('./routes/api/v1/users.get'); post: typeof import('./routes/api/v1/users.post') };
  '/api/v1/users/:id': { delete: typeof import('./routes/api/v1/users/[id].delete'); get: typeof import('./routes/api/v1/users/[id].get'); put: typeof import('./routes/api/v1/users/[id].put') };
  '/api/v1/webhooks/payments': { post: typeof import('./routes/api/v1/webhooks/payments.post') };
  '/ws/chat': { default: typeof import('./routes/ws/chat') };
}
