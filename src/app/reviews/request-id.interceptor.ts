import { inject } from '@angular/core';
import { RESPONSE } from '@analogjs/router/tokens';
import type { ServerFnInterceptorFn } from '@analogjs/router/server';

declare module '@analogjs/router' {
  interface ServerFnContext {
    /** The id of the request that called the function, for logs and stored rows. */
    requestId: string;
  }
}

/**
 * Hands every server-function call its request's id as `context.requestId`. The server gave the
 * request that id before any handler ran, and it is already in the response's `X-Request-Id`
 * (src/server/lib/request-log): the caller's well-formed id (a proxy's, so one id follows the
 * request through every hop), else a new UUID. One id per request, the one its log line carries.
 */
export const requestIdInterceptor: ServerFnInterceptorFn = (ctx, next) =>
  next(ctx.with({ requestId: String(inject(RESPONSE).getHeader('x-request-id')) }));
