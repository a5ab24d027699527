import type { RouteHeader } from '../../modules/api-contract';

/** One row of the cookbook: a route file or page and its two-line header. */
export interface CatalogueEntry extends RouteHeader {
  kind: 'api' | 'page';
  /** The file, from the project root: `src/server/routes/api/v1/hello.ts`. */
  file: string;
}

/** The request a "Try it" button sends. */
export interface TryRequest {
  method: string;
  url: string;
  json?: unknown;
}

/**
 * Sample requests for the routes whose header alone can't make one: a URL with parameters,
 * or a body to send. Keyed by `<METHOD> <URL>` as line 2 of the route file says it.
 */
export const sampleRequests: Readonly<Record<string, TryRequest>> = {
  'ANY /api/**': { method: 'DELETE', url: '/api/v1/products' },
  'ANY /api/v1/docs/**:slug': { method: 'GET', url: '/api/v1/docs/guides/routing/basics' },
  'ANY /api/v1/greet/:name': { method: 'GET', url: '/api/v1/greet/Ada' },
  'ANY /api/v1/hello/:name': { method: 'GET', url: '/api/v1/hello/Ada' },
  'ANY /api/v1/items/:id': { method: 'GET', url: '/api/v1/items/abc' },
  'GET /api/v1/files/:id': { method: 'GET', url: '/api/v1/files/00000000-0000-4000-8000-000000000000' },
  'DELETE /api/v1/files/:id': { method: 'DELETE', url: '/api/v1/files/00000000-0000-4000-8000-000000000000' },
  'GET /api/v1/products/:id': { method: 'GET', url: '/api/v1/products/1' },
  'GET /api/v1/products/:id/og.png': { method: 'GET', url: '/api/v1/products/1/og.png' },
  'GET /api/v1/todos': { method: 'GET', url: '/api/v1/todos?done=false' },
  'POST /api/v1/contact': {
    method: 'POST',
    url: '/api/v1/contact',
    json: { name: 'Ada', email: 'ada@example.com', message: 'Hi' },
  },
  'POST /api/v1/donations': { method: 'POST', url: '/api/v1/donations', json: { amount: 0 } },
  'POST /api/v1/todos': { method: 'POST', url: '/api/v1/todos', json: { title: '' } },
  'PATCH /api/v1/todos/:id': { method: 'PATCH', url: '/api/v1/todos/not-a-uuid', json: { done: true } },
  'DELETE /api/v1/todos/:id': { method: 'DELETE', url: '/api/v1/todos/00000000-0000-4000-8000-000000000000' },
  'POST /api/v1/users': { method: 'POST', url: '/api/v1/users', json: { name: 'Ada' } },
  'GET /api/v1/users/:id': { method: 'GET', url: '/api/v1/users/999' },
  'PUT /api/v1/users/:id': { method: 'PUT', url: '/api/v1/users/0', json: { name: '' } },
  'DELETE /api/v1/users/:id': { method: 'DELETE', url: '/api/v1/users/999' },
};

const hasParameters = (url: string) => /\/(:|\*\*)/.test(url);

/**
 * What "Try it" sends for an API route: its sample, else the header's own METHOD and URL (with
 * its example query; `ANY` sends GET, and so does `WS`: a fetch cannot open a WebSocket, and the plain
 * GET shows its 426). `undefined` for a page, or a URL with parameters and no sample.
 */
export function tryRequest(entry: CatalogueEntry): TryRequest | undefined {
  if (entry.kind === 'page') return undefined;
  const sample = sampleRequests[`${entry.method} ${entry.url}`];
  if (sample || hasParameters(entry.url)) return sample;
  const method = entry.method === 'ANY' || entry.method === 'WS' ? 'GET' : entry.method;
  return { method, url: `${entry.url}${entry.query}` };
}
