import type { H3Event, H3EventContext } from 'h3';
import type { $Fetch } from 'nitropack';

/** The argument of a page's server `action`, as published in `@analogjs/router` 2.7. */
export interface PageServerAction {
  params: H3EventContext['params'];
  req: H3Event['node']['req'];
  res: H3Event['node']['res'];
  fetch: $Fetch;
  event: H3Event;
}

const jsonType = 'application/json; charset=utf-8';

/** A JSON error `Response` with `X-Analog-Errors: true`, as the client-side form helpers expect. */
export function fail<T = object>(status: number, errors: T): Response {
  return new Response(JSON.stringify(errors), {
    status,
    headers: { 'Content-Type': jsonType, 'X-Analog-Errors': 'true' },
  });
}

/** A JSON `Response`; `config` can set the status or more headers. */
export function json<T = object>(data: T, config?: ResponseInit): Response {
  return new Response(JSON.stringify(data), { headers: { 'Content-Type': jsonType }, ...config });
}

/** A redirect `Response`: 302 by default, or the given status, or a full `ResponseInit`. */
export function redirect(url: string, config: number | ResponseInit = 302): Response {
  const init = typeof config === 'number' ? { status: config } : config;
  return new Response(null, { headers: { Location: url }, ...init });
}
