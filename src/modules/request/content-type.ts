import { type H3Event, getRequestHeader } from 'h3';

/** `Multipart/Form-Data; boundary=x` → `multipart/form-data`: the media type, without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0].trim().toLowerCase();
}

/** The request body's media type, lower-cased and without parameters; `''` when none is given. */
export function requestMediaType(event: H3Event): string {
  return mediaType(getRequestHeader(event, 'content-type'));
}

/** A `boundary` parameter with a value, quoted or not (RFC 2046 §5.1.1). */
const boundaryParameter = /;\s*boundary=(?:"[^"]+"|[^;\s"]+)/i;

/** True for a `multipart/form-data` Content-Type without a boundary: no parser can split such a body into parts. */
export function isMultipartWithoutBoundary(contentType: string | undefined): boolean {
  return mediaType(contentType) === 'multipart/form-data' && !boundaryParameter.test(contentType ?? '');
}

/** The two body types an HTML `<form>` sends as fields (`enctype`). */
const formFieldTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** True for a URL-encoded or multipart form body, however its type is spelled. */
export function isFormBody(event: H3Event): boolean {
  return formFieldTypes.has(requestMediaType(event));
}

/** True for a plain HTML form post: a form body from a browser that asks for an HTML page back. */
export function isBrowserFormPost(event: H3Event): boolean {
  return isFormBody(event) && (getRequestHeader(event, 'accept') ?? '').includes('text/html');
}

/**
 * True for a body another site's `<form>` can send without a CORS preflight: the two form
 * types, `text/plain`, or no type at all (a browser sends it as a simple request).
 */
export function isSimpleBody(event: H3Event): boolean {
  const type = requestMediaType(event);
  return type === '' || type === 'text/plain' || formFieldTypes.has(type);
}
