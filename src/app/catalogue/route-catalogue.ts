/** One route of the cookbook, and the request its "Try it" button sends. */
export interface CatalogueRoute {
  file: string;
  methods: string;
  url: string;
  shows: string;
  tryIt: { method: string; url: string; json?: unknown };
}

export const routeCatalogue: readonly CatalogueRoute[] = [
  {
    file: 'v1/hello.ts',
    methods: 'any',
    url: '/api/v1/hello',
    shows: 'A plain object sent as JSON',
    tryIt: { method: 'GET', url: '/api/v1/hello' },
  },
  {
    file: 'v1/hello/[name].ts',
    methods: 'any',
    url: '/api/v1/hello/:name',
    shows: 'Dynamic segment via event.context.params, sent as text/plain',
    tryIt: { method: 'GET', url: '/api/v1/hello/Ada' },
  },
  {
    file: 'v1/greet/[name].ts',
    methods: 'any',
    url: '/api/v1/greet/:name',
    shows: 'Dynamic segment via getRouterParam',
    tryIt: { method: 'GET', url: '/api/v1/greet/Ada' },
  },
  {
    file: 'v1/query.ts',
    methods: 'any',
    url: '/api/v1/query',
    shows: 'Query parameters with getQuery; repeated names become arrays',
    tryIt: { method: 'GET', url: '/api/v1/query?param1=Analog&param2=Angular&tag=a&tag=b' },
  },
  {
    file: 'v1/products.get.ts',
    methods: 'GET',
    url: '/api/v1/products',
    shows: 'Method suffix: GET only',
    tryIt: { method: 'GET', url: '/api/v1/products' },
  },
  {
    file: 'v1/users.get.ts',
    methods: 'GET',
    url: '/api/v1/users',
    shows: 'Rows read with SQL through useDatabase()',
    tryIt: { method: 'GET', url: '/api/v1/users' },
  },
  {
    file: 'v1/users.post.ts',
    methods: 'POST',
    url: '/api/v1/users',
    shows: 'readBody, checked by hand, 201 Created',
    tryIt: { method: 'POST', url: '/api/v1/users', json: { name: 'Ada' } },
  },
  {
    file: 'v1/users/[id].get.ts',
    methods: 'GET',
    url: '/api/v1/users/:id',
    shows: '404 through createError for an unknown id',
    tryIt: { method: 'GET', url: '/api/v1/users/999' },
  },
  {
    file: 'v1/users/[id].put.ts',
    methods: 'PUT',
    url: '/api/v1/users/:id',
    shows: 'defineApiRoute with params and body schemas',
    tryIt: { method: 'PUT', url: '/api/v1/users/0', json: { name: '' } },
  },
  {
    file: 'v1/users/[id].delete.ts',
    methods: 'DELETE',
    url: '/api/v1/users/:id',
    shows: '204 No Content',
    tryIt: { method: 'DELETE', url: '/api/v1/users/999' },
  },
  {
    file: 'v1/items/[id].ts',
    methods: 'any',
    url: '/api/v1/items/:id',
    shows: 'createError with a status code and message',
    tryIt: { method: 'GET', url: '/api/v1/items/abc' },
  },
  {
    file: 'v1/boom.ts',
    methods: 'any',
    url: '/api/v1/boom',
    shows: 'An uncaught error: 500 without a stack',
    tryIt: { method: 'GET', url: '/api/v1/boom' },
  },
  {
    file: 'v1/search.get.ts',
    methods: 'GET',
    url: '/api/v1/search',
    shows: 'defineApiRoute with a query schema',
    tryIt: { method: 'GET', url: '/api/v1/search?q=an&tag=x&tag=y' },
  },
  {
    file: 'v1/contact.post.ts',
    methods: 'POST',
    url: '/api/v1/contact',
    shows: 'defineServerRoute with input and output schemas, kept in useStorage',
    tryIt: {
      method: 'POST',
      url: '/api/v1/contact',
      json: { name: 'Ada', email: 'ada@example.com', message: 'Hi' },
    },
  },
  {
    file: 'v1/todos.get.ts',
    methods: 'GET',
    url: '/api/v1/todos',
    shows: 'defineServerRoute exported as route for typed clients',
    tryIt: { method: 'GET', url: '/api/v1/todos?done=false' },
  },
  {
    file: 'v1/todos.post.ts',
    methods: 'POST',
    url: '/api/v1/todos',
    shows: 'Validated create answering 201',
    tryIt: { method: 'POST', url: '/api/v1/todos', json: { title: '' } },
  },
  {
    file: 'v1/todos/[id].patch.ts',
    methods: 'PATCH',
    url: '/api/v1/todos/:id',
    shows: 'Validated params and partial body',
    tryIt: { method: 'PATCH', url: '/api/v1/todos/not-a-uuid', json: { done: true } },
  },
  {
    file: 'v1/todos/[id].delete.ts',
    methods: 'DELETE',
    url: '/api/v1/todos/:id',
    shows: 'Validated delete answering 204',
    tryIt: { method: 'DELETE', url: '/api/v1/todos/00000000-0000-4000-8000-000000000000' },
  },
  {
    file: 'v1/redirect.get.ts',
    methods: 'GET',
    url: '/api/v1/redirect',
    shows: 'Returning redirect(): 302 and Location',
    tryIt: { method: 'GET', url: '/api/v1/redirect' },
  },
  {
    file: 'v1/products.csv.get.ts',
    methods: 'GET',
    url: '/api/v1/products.csv',
    shows: 'Returning a Response object: a CSV download',
    tryIt: { method: 'GET', url: '/api/v1/products.csv' },
  },
  {
    file: 'rss.xml.ts',
    methods: 'any',
    url: '/api/rss.xml',
    shows: 'XML with content-type text/xml, prerendered',
    tryIt: { method: 'GET', url: '/api/rss.xml' },
  },
  {
    file: '[...].ts',
    methods: 'any',
    url: '/api/**',
    shows: 'Catch-all: JSON 404, or 405 with Allow',
    tryIt: { method: 'DELETE', url: '/api/v1/products' },
  },
  {
    file: 'v1/docs/[...slug].ts',
    methods: 'any',
    url: '/api/v1/docs/**',
    shows: 'Named catch-all',
    tryIt: { method: 'GET', url: '/api/v1/docs/guides/routing/basics' },
  },
];
