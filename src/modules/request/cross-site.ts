import { type H3Event, createError, getRequestHeader } from 'h3';

import { isSimpleBody } from './content-type';
import { appOrigin } from './proxy';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True for a cross-site form submission: a POST, PUT, PATCH or DELETE whose body a form can
 * send (`isSimpleBody`), and whose `Origin` is not the app's own. Without `Origin`, the browser's
 * `Sec-Fetch-Site` decides: `cross-site` is refused, `same-origin`, `same-site` and `none` (typed
 * or bookmarked) pass, and so does a request without either header (curl, server-to-server),
 * which no browser sends. JSON bodies are left to CORS: another site can send one only after a
 * preflight that this app never grants.
 */
export function isCrossSiteForm(event: H3Event): boolean {
  if (!unsafeMethods.has(event.method) || !isSimpleBody(event)) return false;
  const origin = getRequestHeader(event, 'origin');
  if (origin === undefined) return getRequestHeader(event, 'sec-fetch-site')?.toLowerCase() === 'cross-site';
  return origin !== appOrigin(event);
}

/**
 * 403 for a cross-site form (`isCrossSiteForm`): the guard of a route or page action that a
 * form may post to, so it refuses login and other request forgery on its own, with or without
 * the security module's app-wide middleware in front of it.
 */
export function refuseCrossSiteForm(event: H3Event): void {
  if (!isCrossSiteForm(event)) return;
  throw createError({
    statusCode: 403,
    statusMessage: 'Forbidden',
    message: 'Cross-site form submissions are forbidden',
  });
}
