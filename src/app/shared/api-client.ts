import type {
  ApiArgs,
  ApiMethod,
  ApiOptions,
  ApiPath,
  ApiResult,
  DefaultMethod,
  HttpMethod,
  QueryValue,
} from './api-types';

/** What the client rejects with: an `ApiError`, or an `ApiValidationError` for a validated route's 422. */
export { ApiError, ApiValidationError, toApiError } from './api-error';
export type * from './api-types';

/** One request, with the path already built: what a transport sends. */
export interface ApiRequest {
  method: HttpMethod;
  url: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** Sends a request; on an error status rejects with an `ApiError` (`toApiError`). */
export type ApiTransport = (request: ApiRequest) => Promise<unknown>;

/** The typed client: `api('/api/v1/todos/:id', { method: 'PATCH', params: { id }, body: { done: true } })`. */
export type Api = <P extends ApiPath, M extends ApiMethod<P> = DefaultMethod<P>>(
  path: P,
  ...args: ApiArgs<ApiOptions<P, M>>
) => Promise<ApiResult<P, M>>;

/**
 * Fills a route pattern's `:name` (one encoded segment) and `**:name` (encoded segments, slashes
 * kept) from `params`. A missing parameter throws rather than calling a different URL.
 */
export function apiUrl(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/(\*\*)?:(\w+)/g, (_match, rest: string | undefined, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    const text = String(value);
    return rest ? text.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(text);
  });
}

/** The typed client over any transport. */
export function createApi(transport: ApiTransport): Api {
  return ((path: string, options: { method?: HttpMethod; params?: Record<string, string | number> } = {}) => {
    const { method = 'GET', params, ...rest } = options as ApiRequest & { params?: Record<string, string> };
    return transport({ ...rest, method, url: apiUrl(path, params) });
  }) as Api;
}
