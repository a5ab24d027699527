/** Keyset pages with an ETag: `?cursor=` pages stay stable under writes, and a matching `If-None-Match` answers 304. */
// GET /api/v1/todos?limit=20&cursor=…&done=false
// Access: anyone. Limits: None needed: it reads at most 100 todos a page.
// 200: A page of todos, newest first, and the cursor of the next. 304: The list has not changed since the `If-None-Match` ETag.
import { defineServerRoute } from '#server-actions';
import { defineEventHandler, handleCacheHeaders, setResponseHeader } from 'h3';

import { listTodoPage, nextPageLink, todoPage, todoPageQuery, todosVersion } from '../../../lib/pagination';

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
