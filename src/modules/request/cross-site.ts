import { type H3Event, createError, getRequestHeader } from 'h3';

import { isSimpleBody } from './content-type';
import { appOrigin } from './proxy';

/**
 * True for a cross-site form: a POST, PUT, PATCH or DELETE with a body a form can send (`isSimpleBody`) and
 * an `Origin` not the app's. Without `Origin`, `Sec-Fetch-Site: cross-site` is refused, and a request with
 * neither (curl, server to server) passes: no browser sends one. JSON is left to CORS, whose preflight this
 * app never grants.
 */
export function isCrossSiteForm(event: H3Event): boolean {
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(event.method) || !isSimpleBody(event)) return false;
  const origin = getRequestHeader(event, 'origin');
  if (origin === undefined) return getRequestHeader(event, 'sec-fetch-site')?.toLowerCase() === 'cross-site';
  return origin !== appOrigin(event);
}

/** 403 for a cross-site form: the guard of a route a form posts to, against login and other forgery. */
export function refuseCrossSiteForm(event: H3Event): void {
  const message = 'Cross-site form submissions are forbidden';
  if (isCrossSiteForm(event)) throw createError({ statusCode: 403, statusMessage: 'Forbidden', message });
}
