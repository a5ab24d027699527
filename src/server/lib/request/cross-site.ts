import { type H3Event, getRequestHeader } from 'h3';

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
