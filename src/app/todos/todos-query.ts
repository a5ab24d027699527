import type { HttpClient } from '@angular/common/http';
import { infiniteQueryOptions } from '@tanstack/angular-query-experimental';
import { firstValueFrom } from 'rxjs';

import type { InferRouteResult } from '#server-actions';
import type { route } from '../../server/routes/api/v1/todos.get';

/** The prefix of every todo list query: invalidate it after any change, and TanStack refetches the pages on screen. */
export const todosQueryKey = ['/api/v1/todos'] as const;

const todoPageSize = 20;

/**
 * `injectInfiniteQuery` options for the todo list, typed by the route's `route`: each page asks for the one
 * after the last page's `next`. `'pages'` in the key keeps `{ pages }` apart from a plain query of the path.
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
