/** Cached handler: `defineCachedEventHandler` keeps an expensive answer in Nitro's cache storage until a write drops it. */
// GET /api/v1/todos/summary?by=month
// Access: anyone. Limits: None needed: it reads from the cache.
// 200: Todo counts per creation day or month, from the cache. 304: The cached answer has not changed since the `If-None-Match` ETag.
import { defineServerRoute } from '#server-actions';
import { type H3Event, getQuery } from 'h3';
import { defineCachedEventHandler } from 'nitropack/runtime';

import { summarizeTodos, todoSummary, todoSummaryCacheName, todoSummaryQuery } from '../../../../lib/cache';

export const route = defineServerRoute({
  query: todoSummaryQuery,
  output: todoSummary,
  handler: ({ query }) => summarizeTodos(query.by),
});

/** The answer depends on `by` and the table alone, never on who asks: the key is the validated `by`. */
const cacheKey = (event: H3Event) => todoSummaryQuery.safeParse(getQuery(event)).data?.by ?? '';

export default defineCachedEventHandler(route, {
  name: todoSummaryCacheName,
  // Fresh for 60 s; then served stale for up to 10 min while one request recomputes it.
  maxAge: 60,
  swr: true,
  staleMaxAge: 600,
  getKey: cacheKey,
  // Bad input is never a key: the route itself answers it, with 422.
  shouldBypassCache: (event) => !cacheKey(event),
});
