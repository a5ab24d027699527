import { defineEventHandler } from 'h3';

import { capBody } from '../../../modules/request';

/** A server function's input is a small JSON body: 16 KiB is ample (raise it for one that takes more). */
const maxInputBytes = 16 * 1024;

/**
 * Reads a server function's body under the cap before Analog's route does (it buffers the whole
 * body, and answers any read error with a 400): 413 for a larger `Content-Length`, or for a chunked
 * body once it passes the cap. module.ts lists it under Analog's `/_analog/fn` only, before the
 * security module's 1 MiB limit.
 */
export default defineEventHandler((event) => capBody(event, maxInputBytes));
