import { inject } from '@angular/core';
import { REQUEST, RESPONSE } from '@analogjs/router/tokens';
import type { ServerFnInterceptorFn } from '@analogjs/router/server';

declare module '@analogjs/router' {
  interface ServerFnContext {
    /** The id of the request that called the function, for logs and stored rows. */
    requestId: string;
  }
}

/** An incoming id a proxy or client may set: letters, digits, `-` and `_`, 8 to 64 of them. */
const wellFormedId = /^[\w-]{8,64}$/;

/**
 * Gives every server-function call a request id: the caller's `X-Request-Id` when it is well
 * formed (a proxy's, so one id follows the request through every hop), else a new UUID. The id
 * is echoed in the response's `X-Request-Id` and handed to the handler as `context.requestId`.
 */
export const requestIdInterceptor: ServerFnInterceptorFn = (ctx, next) => {
  const incoming = inject(REQUEST).headers['x-request-id'];
  const requestId =
    typeof incoming === 'string' && wellFormedId.test(incoming) ? incoming : crypto.randomUUID();
  const response = inject(RESPONSE);
  if (!response.headersSent) response.setHeader('x-request-id', requestId);
  return next(ctx.with({ requestId }));
};
