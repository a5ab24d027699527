import { type H3Event, getRequestHeader } from 'h3';

import { appOrigin } from './origin';

/** The body types an HTML `<form>` can send cross-site without a CORS preflight. */
const formTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `Multipart/Form-Data; boundary=x` → `multipart/form-data`: the media type, without parameters. */
export function mediaType(contentType: string): string {
  return contentType.split(';', 1)[0].trim().toLowerCase();
}

/**
 * True for a cross-site form submission: a POST, PUT, PATCH or DELETE whose body is a form type
 * (in any spelling, with any parameters) or has no type at all (a browser sends it as a simple
 * request), and whose `Origin` is not the app's own. Without `Origin` (curl, server-to-server)
 * it is false; so it is for JSON bodies, which another site can send only after a CORS
 * preflight that this app never grants.
 */
export function isCrossSiteForm(event: H3Event): boolean {
  if (!unsafeMethods.has(event.method)) return false;
  const origin = getRequestHeader(event, 'origin');
  if (origin === undefined) return false;
  const contentType = getRequestHeader(event, 'content-type');
  if (contentType !== undefined && !formTypes.has(mediaType(contentType))) return false;
  return origin !== appOrigin(event);
}
