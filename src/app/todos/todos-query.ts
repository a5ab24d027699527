import type { HttpClient } from '@angular/common/http';
import { infiniteQueryOptions } from '@tanstack/angular-query-experimental';
import { firstValueFrom } from 'rxjs';

import type { InferRouteResult } from '#server-actions';
import type { route } from '../../server/routes/api/v1/todos.get';

/**
 * The prefix of every todo list query: invalidate it whenever todos change, after a mutation here
 * or on news from the server, and TanStack refetches the pages on screen.
 */
export const todosQueryKey = ['/api/v1/todos'] as const;

/** Todos per page of the list. */
export const todoPageSize = 20;

/**
 * `injectInfiniteQuery` options for the todo list: each page asks for the one after the last
 * page's `next` cursor, typed by the route's exported `route`. The key has `'pages'` in it: an
 * infinite query's data (`{ pages }`) must never share a cache entry with a plain query of the path.
 */
export function todoPagesOptions(http: HttpClient) {
  return infiniteQueryOptions({
    queryKey: [...todosQueryKey, 'pages', { limit: todoPageSize }] as const,
    queryFn: ({ pageParam }) =>
      firstValueFrom(
        http.get<InferRouteResult<typeof route>>('/api/v1/todos', {
          params: pageParam ? { limit: todoPageSize, cursor: pageParam } : { limit: todoPageSize },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}
