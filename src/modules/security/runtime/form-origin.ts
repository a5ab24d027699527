import { type H3Event, getRequestHeader } from 'h3';

import { isSimpleBody } from './content-type';
import { appOrigin } from './request';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True for a cross-site form submission: a POST, PUT, PATCH or DELETE whose body a form can
 * send (`isSimpleBody`), and whose `Origin` is not the app's own. Without `Origin` (curl,
 * server-to-server) it is false; so it is for JSON bodies, which another site can send only
 * after a CORS preflight that this app never grants.
 */
export function isCrossSiteForm(event: H3Event): boolean {
  if (!unsafeMethods.has(event.method)) return false;
  const origin = getRequestHeader(event, 'origin');
  if (origin === undefined || !isSimpleBody(event)) return false;
  return origin !== appOrigin(event);
}
