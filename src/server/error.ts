import { send, setResponseHeader, setResponseHeaders, setResponseStatus } from 'h3';
import { defineNitroErrorHandler } from 'nitropack/runtime';

import { databaseHttpError } from './lib/db';

/**
 * Database errors answer JSON like every other API error, never a 500 with the driver's message:
 * 409 or 422 for a refused value, 503 with `Retry-After` while the database is unreachable.
 * Every other error falls through to Nitro's own handler.
 */
export default defineNitroErrorHandler(async (error, event, { defaultHandler }) => {
  const httpError = databaseHttpError(error.cause ?? error);
  if (!httpError) return;
  if (httpError.statusCode === 503) setResponseHeader(event, 'retry-after', 2);
  const response = await defaultHandler(httpError, event, { silent: true });
  setResponseHeaders(event, response.headers);
  setResponseStatus(event, response.status, response.statusText);
  return send(event, JSON.stringify(response.body));
});
