import { defineEventHandler } from 'h3';

// The request helper's one file this needs, and one without Nitro: in development Vite also loads
// middleware outside Nitro's runtime, where the helper's index (its proxy settings) can't load.
import { capBody } from '../lib/request/body-cap';

/** A server function's input is a small JSON body: 16 KiB is ample (raise it for one that takes more). */
const maxInputBytes = 16 * 1024;

/**
 * Reads a server function's body under the cap before Analog's route does (it buffers the whole
 * body, and answers any read error with a 400): 413 for a larger `Content-Length`, or for a chunked
 * body once it passes the cap.
 * Nitro runs this before the middleware modules add, such as the security module's 1 MiB limit.
 */
export default defineEventHandler((event) =>
  event.path.startsWith('/_analog/fn/') ? capBody(event, maxInputBytes) : undefined,
);
