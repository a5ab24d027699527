import { type H3Event, createError } from 'h3';

import { lingerAfterRefusal } from './linger';

/**
 * Caps the body h3 is about to read (`readBody`, `readFormData`, `readRawBody`) at `maxBytes`, so a
 * route is safe without the security module in front of it: a larger `Content-Length` is refused
 * with 413 at once, and a chunked body with the first chunk past the cap (h3's reader rejects).
 * A body already read, by a limit in front of the route, is left alone. The backport of the
 * validated routes caps its own reads the same way (it stands alone, src/backports).
 */
export function capBody(event: H3Event, maxBytes: number): void {
  const request = event.node.req;
  if (request.readableEnded) return;
  const tooLarge = () => {
    // The rest of the body is thrown away for a bounded time, then the connection closes.
    lingerAfterRefusal(event);
    return createError({
      statusCode: 413,
      statusMessage: 'Payload Too Large',
      message: `Request bodies are limited to ${maxBytes} bytes`,
    });
  };
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes) throw tooLarge();
  if (!Number.isNaN(declared)) return;
  let size = 0;
  const count = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= maxBytes) return;
    request.emit('error', tooLarge());
  };
  request.on('data', count);
}
