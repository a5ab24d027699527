import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { $Fetch } from 'nitropack';

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

export type * from './api-types';

/** A failed call: the status and the JSON (or text) body the route answered with. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message = `The API answered ${status}`,
  ) {
    super(message);
  }
}

/** A 422 from a validated route: its Standard Schema issues, one per failed field. */
export class ApiValidationError extends ApiError {
  override readonly status = 422;
  constructor(readonly issues: readonly StandardSchemaV1.Issue[]) {
    super(422, issues, issues.map((issue) => issue.message).join('; '));
  }
}

/** One request, with the path already built: what a transport sends. */
export interface ApiRequest {
  method: HttpMethod;
  url: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** Sends a request; on an error status rejects with `{ status, body }` through `toApiError`. */
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

/** An `ApiError` for an error status, an `ApiValidationError` for a validated route's 422. */
export function toApiError(status: number, body: unknown): ApiError {
  return status === 422 && Array.isArray(body)
    ? new ApiValidationError(body as StandardSchemaV1.Issue[])
    : new ApiError(status, body);
}

/** The typed client over any transport. */
export function createApi(transport: ApiTransport): Api {
  return ((path: string, options: { method?: HttpMethod; params?: Record<string, string | number> } = {}) => {
    const { method = 'GET', params, ...rest } = options as ApiRequest & { params?: Record<string, string> };
    return transport({ ...rest, method, url: apiUrl(path, params) });
  }) as Api;
}

/**
 * The typed client in a server loader, over the `fetch` Analog gives it: Nitro's in-process
 * `$fetch`, with no HTTP hop and the loader's own cookie handling.
 */
export function loaderApi(fetch: $Fetch): Api {
  return createApi(({ method, url, query, body }) =>
    fetch(url, { method, query, body: body as BodyInit | Record<string, unknown> | undefined }).catch(
      (error: { status?: number; data?: unknown }) => {
        throw error.status ? toApiError(error.status, error.data) : error;
      },
    ),
  );
}
