import { defineEventHandler } from 'h3';

import { capBody } from '../lib/request';

/** A server function's input is a small JSON body: 16 KiB is ample (raise it for one that takes more). */
const maxInputBytes = 16 * 1024;

/**
 * Caps what Analog's server-function route reads, which buffers the whole body before any
 * handler runs: 413 for a larger `Content-Length`, and a chunked body is cut off at the cap.
 * Nitro runs this before the middleware modules add, such as the security module's 1 MiB limit.
 */
export default defineEventHandler((event) => {
  if (event.path.startsWith('/_analog/fn/')) capBody(event, maxInputBytes);
});
