import { defineEventHandler } from 'h3';

import { capBody } from '../../../modules/request';

/** A server function's input is a small JSON body: 16 KiB is ample (raise it for one that takes more). */
const maxInputBytes = 16 * 1024;

/**
 * Reads the body under the cap (413) before Analog's route buffers it whole and answers a read error with 400.
 * module.ts lists it under `/_analog/fn` only, before the security module's 1 MiB limit.
 */
export default defineEventHandler((event) => capBody(event, maxInputBytes));
