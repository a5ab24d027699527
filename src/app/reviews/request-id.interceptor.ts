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
 * Hands every server-function call its request's id as `context.requestId`: the one the server set in the
 * response's `X-Request-Id` before any handler ran (src/server/lib/request-log), and its log line carries.
 */
export const requestIdInterceptor: ServerFnInterceptorFn = (ctx, next) =>
  next(ctx.with({ requestId: String(inject(RESPONSE).getHeader('x-request-id')) }));
