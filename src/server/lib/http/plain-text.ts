import { type H3Event, setResponseHeader } from 'h3';

/**
 * Marks the response as plain text. h3 1.x sends a returned string as `text/html`, which
 * turns any echoed input into reflected XSS; `text/plain` makes the browser show it as text.
 */
export function asPlainText(event: H3Event, text: string): string {
  setResponseHeader(event, 'content-type', 'text/plain; charset=utf-8');
  return text;
}
