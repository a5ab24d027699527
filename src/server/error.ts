import { send, setResponseHeader, setResponseHeaders, setResponseStatus } from 'h3';
import { defineNitroErrorHandler } from 'nitropack/runtime';

import { databaseHttpError } from './lib/database-errors';
import { errorPage, isPageNavigation } from './lib/request-log';

/**
 * Database errors answer JSON like every other API error, never a 500 with the driver's message:
 * 409 or 422 for a refused value, 503 with `Retry-After` while the database is unreachable.
 * Every other error gets Nitro's own answer. None is logged here: the request log has already
 * logged it once, with its request id (src/server/lib/request-log). A browser loading a page
 * gets an HTML page that shows that id instead of JSON.
 */
export default defineNitroErrorHandler(async (error, event, { defaultHandler }) => {
  const httpError = databaseHttpError(error.cause ?? error);
  if (httpError?.statusCode === 503) setResponseHeader(event, 'retry-after', 2);
  const response = await defaultHandler(httpError ?? error, event, { silent: true });
  setResponseHeaders(event, response.headers);
  setResponseStatus(event, response.status, response.statusText);
  if (!isPageNavigation(event)) return send(event, JSON.stringify(response.body));
  setResponseHeader(event, 'content-type', 'text/html; charset=utf-8');
  return send(event, errorPage(response.status, response.statusText, event.context.requestId));
});
