import { type H3Event, getRequestHeader } from 'h3';

/** `Multipart/Form-Data; boundary=x` → `multipart/form-data`: the media type, without parameters. */
export const mediaType = (contentType: string | undefined): string =>
  (contentType ?? '').split(';', 1)[0].trim().toLowerCase();

const requestMediaType = (event: H3Event) => mediaType(getRequestHeader(event, 'content-type'));

const boundary = /;\s*boundary=(?:"[^"]+"|[^;\s"]+)/i;
/** True for `multipart/form-data` without a `boundary` (RFC 2046 §5.1.1): no parser can split its parts. */
export const isMultipartWithoutBoundary = (contentType: string | undefined): boolean =>
  mediaType(contentType) === 'multipart/form-data' && !boundary.test(contentType ?? '');

/** The two body types an HTML `<form>` sends as fields (`enctype`). */
const formFieldTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** True for a URL-encoded or multipart form body, however its type is spelled. */
export const isFormBody = (event: H3Event): boolean => formFieldTypes.has(requestMediaType(event));

/** True for a plain HTML form post: a form body from a browser that asks for an HTML page back. */
export const isBrowserFormPost = (event: H3Event): boolean =>
  isFormBody(event) && (getRequestHeader(event, 'accept') ?? '').includes('text/html');

/** True for a body another site's `<form>` sends without a preflight: a form type, `text/plain` or none. */
export function isSimpleBody(event: H3Event): boolean {
  const type = requestMediaType(event);
  return type === '' || type === 'text/plain' || formFieldTypes.has(type);
}
