/** Keyset pages with an ETag: `?cursor=` pages stay stable under writes, and a matching `If-None-Match` answers 304. */
// GET /api/v1/todos?limit=20&cursor=…&done=false
import { defineServerRoute } from '#server-actions';
import { defineEventHandler, handleCacheHeaders, setResponseHeader } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { listTodoPage, nextPageLink, todoPage, todoPageQuery, todosVersion } from '../../../lib/pagination';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: it reads at most 100 todos a page.',
    responses: {
      200: { description: 'A page of todos, newest first, and the cursor of the next.' },
      304: { description: 'The list has not changed since the `If-None-Match` ETag.' },
    },
  },
});

export const route = defineServerRoute({
  query: todoPageQuery,
  output: todoPage,
  handler: async ({ query: { done, limit, cursor }, event }) => {
    const { items, next } = await listTodoPage({ done, limit, after: cursor });
    if (next) setResponseHeader(event, 'link', nextPageLink({ done, limit, cursor: next }));
    return { items, next };
  },
});

/** The ETag is the table's version, read before the page (never newer than it): a 304 costs one indexed read. */
export default defineEventHandler(async (event) => {
  if (handleCacheHeaders(event, { etag: `"todos-${await todosVersion()}"`, cacheControls: ['no-cache'] }))
    return;
  return route(event);
});
