import { type H3Event, createError, getRequestHeader } from 'h3';
import type { IncomingMessage } from 'node:http';

import { lingerAfterRefusal } from '../../request/index.ts';
import { isNestedDeeperThan, maxJsonDepth } from './json-depth.ts';

// Private API (checked against h3@1.15.11): `readRawBody`, and so `readBody` and `readFormData`,
// first look for a body already read under this symbol on the Node request. h3 has no public way
// to hand it a body read elsewhere, here one read under a size cap.
const rawBodyKey = Symbol.for('h3RawBody');

/**
 * A 413 for a body over `maxBytes`, refused while it streams in: the answer reaches a client
 * still sending (`lingerAfterRefusal`), then the connection closes.
 */
function tooLarge(event: H3Event, maxBytes: number) {
  lingerAfterRefusal(event);
  return createError({
    statusCode: 413,
    statusMessage: 'Payload Too Large',
    message: `Request bodies are limited to ${maxBytes} bytes`,
  });
}

/** Reads the body chunk by chunk, and gives up as soon as it passes the limit, dropping what it read. */
function readCapped(event: H3Event, request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      chunks = [];
      reject(tooLarge(event, maxBytes));
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    // The client went away, or Node cut it off at its request timeout: a 408 in the log, not a 500.
    const timeout = { statusCode: 408, statusMessage: 'Request Timeout', message: 'The body did not arrive' };
    request.once('close', () => reject(createError(timeout)));
  });
}

/** True when the request announces a body: a Content-Length above 0, or chunked encoding. */
export function hasRequestBody(event: H3Event): boolean {
  const headers = event.node.req.headers;
  return (
    Number(headers['content-length'] ?? 0) > 0 || /\bchunked\b/i.test(headers['transfer-encoding'] ?? '')
  );
}

/** True for `application/json` and the `+json` types (`application/merge-patch+json`). */
const isJson = (contentType: string | undefined) =>
  /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');

/**
 * Caps the request body at `maxBytes`: a declared larger `Content-Length` is refused at
 * once, and a chunked body is refused while it streams in. A JSON body nested deeper than
 * `maxJsonDepth` levels is refused with 400 before anything parses it. The bytes read are handed
 * to h3, so `readBody`, `readFormData` and `readMultipartFormData` work as usual.
 */
export async function requireBodyWithinLimit(event: H3Event, maxBytes: number): Promise<void> {
  const request = event.node.req as IncomingMessage & { [rawBodyKey]?: Promise<Buffer> };
  // A body read already (by a smaller cap in front, such as the server functions') is h3's to hand on.
  if (!hasRequestBody(event) || request[rawBodyKey]) return;
  if (Number(getRequestHeader(event, 'content-length') ?? 0) > maxBytes) throw tooLarge(event, maxBytes);
  const body = readCapped(event, request, maxBytes);
  request[rawBodyKey] = body;
  if (isJson(getRequestHeader(event, 'content-type')) && isNestedDeeperThan(await body)) {
    throw createError({
      statusCode: 400,
      statusMessage: 'Bad Request',
      message: `JSON bodies may nest arrays and objects at most ${maxJsonDepth} levels deep`,
    });
  }
  await body;
}
