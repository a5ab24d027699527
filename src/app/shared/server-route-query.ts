import { mutationOptions, queryOptions } from '@tanstack/angular-query-experimental';

import type {
  Api,
  ApiArgs,
  ApiError,
  ApiInputs,
  ApiMethod,
  ApiPath,
  ApiResult,
  HttpMethod,
} from './api-client';

/** The paths that answer GET: what a query may read. */
export type ApiQueryPath = { [P in ApiPath]: 'GET' extends ApiMethod<P> ? P : never }[ApiPath];

/** A call with the generics erased, for helpers that have already typed their arguments. */
type AnyCall = (path: string, options?: object) => Promise<unknown>;

/**
 * The query key of a path and its inputs: `['/api/v1/todos', { query: { done: 'true' } }]`.
 * With the path alone it is the prefix of every query of that path, for `invalidateQueries`.
 */
export function apiQueryKey<P extends ApiPath>(path: P, inputs?: ApiInputs<P, 'GET' & ApiMethod<P>>) {
  return inputs === undefined ? ([path] as const) : ([path, inputs] as const);
}

/**
 * `injectQuery` options for a GET route, keyed and typed by its path:
 * `apiQueryOptions(api, '/api/v1/todos', { query: { done: 'true' } })`.
 */
export function apiQueryOptions<P extends ApiQueryPath>(
  api: Api,
  path: P,
  ...[inputs]: ApiArgs<ApiInputs<P, 'GET' & ApiMethod<P>>>
) {
  return queryOptions({
    queryKey: [path, inputs ?? {}] as const,
    queryFn: () => (api as AnyCall)(path, inputs) as Promise<ApiResult<P, 'GET' & ApiMethod<P>>>,
  });
}

/**
 * `injectMutation` options for a route and method; the variables are the call's `params`,
 * `query` and `body`: `apiMutationOptions(api, '/api/v1/todos/:id', 'PATCH')`.
 */
export function apiMutationOptions<P extends ApiPath, M extends ApiMethod<P> & HttpMethod>(
  api: Api,
  path: P,
  method: M,
) {
  return mutationOptions<ApiResult<P, M>, ApiError, ApiInputs<P, M>>({
    mutationFn: (inputs) => (api as AnyCall)(path, { ...inputs, method }) as Promise<ApiResult<P, M>>,
  });
}
