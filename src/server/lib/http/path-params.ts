import { createError } from 'h3';

/** Decodes a raw path parameter; malformed percent-encoding is a 400, not a 500. */
export function requireDecoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw createError({ statusCode: 400, statusMessage: 'Malformed percent-encoding' });
  }
}

/**
 * A decoded catch-all slug that is safe to map onto files: `..`, `.`, empty segments,
 * backslashes and NUL bytes are a 400, so `..%2f..%2f.env` can never climb out of a folder.
 * @status 400 A slug with an unsafe segment.
 */
export function requireSafeSlug(raw: string | undefined): string {
  const slug = requireDecoded(raw ?? '');
  const segments = slug.split('/');
  if (
    segments.some(
      (segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment),
    )
  ) {
    throw createError({ statusCode: 400, statusMessage: 'Invalid path' });
  }
  return slug;
}
