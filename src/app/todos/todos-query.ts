import { infiniteQueryOptions } from '@tanstack/angular-query-experimental';

import type { Api } from '../shared/api-client';
import { apiQueryKey } from '../shared/server-route-query';

/**
 * The prefix of every todo list query: invalidate it whenever todos change, after a mutation here
 * or on news from the server, and TanStack refetches the pages on screen.
 */
export const todosQueryKey = apiQueryKey('/api/v1/todos');

/** Todos per page of the list. */
export const todoPageSize = 20;

/**
 * `injectInfiniteQuery` options for the todo list: each page asks for the one after the last
 * page's `next` cursor. Its key has `'pages'` in it: an infinite query's data (`{ pages }`) must
 * never share a cache entry with a plain query of the same path.
 */
export function todoPagesOptions(api: Api) {
  return infiniteQueryOptions({
    queryKey: [...todosQueryKey, 'pages', { limit: todoPageSize }] as const,
    queryFn: ({ pageParam }) => api('/api/v1/todos', { query: { limit: todoPageSize, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}
