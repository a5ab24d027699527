import { type H3Event, getRequestHeader } from 'h3';

/** `Multipart/Form-Data; boundary=x` → `multipart/form-data`: the media type, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0].trim().toLowerCase();
}

/** The request body's media type, lower-cased and without parameters; `''` when none is given. */
export function requestMediaType(event: H3Event): string {
  return mediaType(getRequestHeader(event, 'content-type'));
}

/** The two body types an HTML `<form>` sends as fields (`enctype`). */
const formFieldTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** True for a URL-encoded or multipart form body, however its type is spelled. */
export function isFormBody(event: H3Event): boolean {
  return formFieldTypes.has(requestMediaType(event));
}

/**
 * True for a body another site's `<form>` can send without a CORS preflight: the two form
 * types, `text/plain`, or no type at all (a browser sends it as a simple request).
 */
export function isSimpleBody(event: H3Event): boolean {
  const type = requestMediaType(event);
  return type === '' || type === 'text/plain' || formFieldTypes.has(type);
}
