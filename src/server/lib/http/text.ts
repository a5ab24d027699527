import { type H3Event, createError, setResponseHeader } from 'h3';

/**
 * Marks the response as plain text. h3 1.x sends a returned string as `text/html`, which
 * turns any echoed input into reflected XSS; `text/plain` makes the browser show it as text.
 */
export function asPlainText(event: H3Event, text: string): string {
  setResponseHeader(event, 'content-type', 'text/plain; charset=utf-8');
  return text;
}

/** Decodes a raw path parameter; malformed percent-encoding is a 400, not a 500. */
export function requireDecoded(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw createError({ statusCode: 400, statusMessage: 'Malformed percent-encoding' });
  }
}
