import { send, setResponseHeader, setResponseHeaders, setResponseStatus } from 'h3';
import { defineNitroErrorHandler } from 'nitropack/runtime';

import { setErrorHeaders } from '../modules/security';
import { databaseHttpError } from './lib/db';
import { errorPage, isPageNavigation } from './error-page';

/**
 * The app's one error handler, for every error a route, middleware or page throws. The answer
 * is Nitro's JSON body (in production an unexpected error's message and stack stay out of it)
 * with the security module's headers in place of Nitro's own, so a 401 or a 500 carries the
 * same `default-src 'none'` policy and Referrer-Policy as any other answer. Database errors
 * answer like other API errors, never a 500 with the driver's message: 409 or 422 for a
 * refused value, 503 with `Retry-After` while the database is unreachable. None is logged here:
 * the request log has already logged it once, with its request id (src/server/lib/request-log).
 * A browser loading a page gets an HTML page that shows that id instead of JSON.
 */
export default defineNitroErrorHandler(async (error, event, { defaultHandler }) => {
  const httpError = databaseHttpError(error.cause ?? error);
  // `vite` dev: Nitro's own handler shows a browser its error page, whose inline scripts this policy would block.
  if (import.meta.dev && !httpError) return;
  if (httpError?.statusCode === 503) setResponseHeader(event, 'retry-after', 2);
  const response = await defaultHandler(httpError ?? error, event, { silent: true });
  setResponseHeaders(event, response.headers);
  setErrorHeaders(event);
  setResponseStatus(event, response.status, response.statusText);
  if (!isPageNavigation(event)) return send(event, JSON.stringify(response.body));
  setResponseHeader(event, 'content-type', 'text/html; charset=utf-8');
  return send(event, errorPage(response.status, response.statusText, event.context.requestId));
});
