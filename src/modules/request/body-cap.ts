import { type H3Event, createError, readRawBody } from 'h3';

import { lingerAfterRefusal } from './linger';

/**
 * Reads the request body under `maxBytes`, so a route is safe without the security module in front of it: a
 * larger `Content-Length` is refused with 413 at once, a chunked body as soon as it passes the cap. h3 keeps
 * the bytes for the route's `readBody`, `readFormData` and `readRawBody`. A body already read, by a limit in
 * front of the route, is left alone. The validated routes' backport caps its own reads the same way.
 */
export async function capBody(event: H3Event, maxBytes: number): Promise<void> {
  const request = event.node.req;
  if (request.readableEnded || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(event.method)) return;
  const message = `Request bodies are limited to ${maxBytes} bytes`;
  const tooLarge = () => {
    lingerAfterRefusal(event);
    return createError({ statusCode: 413, statusMessage: 'Payload Too Large', message });
  };
  if (Number(request.headers['content-length']) > maxBytes) throw tooLarge();
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    if ((size += chunk.length) > maxBytes) request.emit('error', tooLarge());
  });
  // h3's reader listens for that error, so this rejects with the 413 once the cap is passed.
  await readRawBody(event, false);
}
