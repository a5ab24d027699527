import { HttpClient, HttpErrorResponse, HttpParams } from '@angular/common/http';
import { mutationOptions, queryOptions } from '@tanstack/angular-query-experimental';
import type {
  InferRouteBody,
  InferRouteParams,
  InferRouteQuery,
  InferRouteResult,
} from '@analogjs/router/server/actions';
import { firstValueFrom } from 'rxjs';

type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | null | undefined;

/** The variables of a mutation: `params` when the route has a params schema, `body` when it has a body. */
export type RouteVariables<R> = (InferRouteParams<R> extends undefined
  ? { params?: undefined }
  : { params: InferRouteParams<R> }) &
  (InferRouteBody<R> extends undefined ? { body?: undefined } : { body: InferRouteBody<R> });

function toHttpParams(query: object | undefined): HttpParams {
  let params = new HttpParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params = params.append(key, String(item));
  }
  return params;
}

/**
 * `injectQuery` options for a GET route, typed from its exported `route`:
 * `serverQueryOptions<typeof route>(http, '/api/v1/todos', { queryKey: ['todos'] })`.
 */
export function serverQueryOptions<R>(
  http: HttpClient,
  url: string,
  options: { queryKey: readonly unknown[]; query?: InferRouteQuery<R> },
) {
  const params = toHttpParams(options.query ?? undefined);
  return queryOptions({
    queryKey: [...options.queryKey, options.query ?? null],
    queryFn: () => firstValueFrom(http.get<InferRouteResult<R>>(url, { params })),
  });
}

/**
 * `injectMutation` options for a POST, PUT, PATCH or DELETE route, typed from its exported
 * `route`; `url` may build the path from the params: `({ id }) => \`/api/v1/todos/${id}\``.
 */
export function serverMutationOptions<R>(
  http: HttpClient,
  url: string | ((params: InferRouteParams<R>) => string),
  options: { method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE' } = {},
) {
  return mutationOptions<InferRouteResult<R>, HttpErrorResponse, RouteVariables<R>>({
    mutationFn: (variables) => {
      const path = typeof url === 'function' ? url(variables.params as InferRouteParams<R>) : url;
      return firstValueFrom(
        http.request<InferRouteResult<R>>(options.method ?? 'POST', path, { body: variables.body ?? null }),
      );
    },
  });
}
