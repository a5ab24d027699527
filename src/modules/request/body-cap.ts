import { type H3Event, createError, readRawBody } from 'h3';

import { lingerAfterRefusal } from './linger';

/** The methods whose body h3 reads. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads the request body under `maxBytes`, so a route is safe without the security module in front
 * of it: a larger `Content-Length` is refused with 413 at once, and a chunked body as soon as it
 * passes the cap. h3 keeps the bytes, and the route's `readBody`, `readFormData` and `readRawBody`
 * read them from there. A body already read, by a limit in front of the route, is left alone. The
 * backport of the validated routes caps its own reads the same way (it stands alone, src/backports).
 */
export async function capBody(event: H3Event, maxBytes: number): Promise<void> {
  const request = event.node.req;
  if (request.readableEnded || !bodyMethods.has(event.method)) return;
  const tooLarge = () => {
    // The rest of the body is thrown away for a bounded time, then the connection closes.
    lingerAfterRefusal(event);
    return createError({
      statusCode: 413,
      statusMessage: 'Payload Too Large',
      message: `Request bodies are limited to ${maxBytes} bytes`,
    });
  };
  if (Number(request.headers['content-length']) > maxBytes) throw tooLarge();
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBytes) request.emit('error', tooLarge());
  });
  // h3's reader listens for the error above, so this rejects with the 413 once the cap is passed.
  await readRawBody(event, false);
}
