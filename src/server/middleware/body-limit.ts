import { defineEventHandler } from 'h3';

import { requireBodyWithinLimit } from '../lib/body-limit';

/** Refuses request bodies over 1 MiB with a JSON 413, before any route buffers them. */
export default defineEventHandler((event) => requireBodyWithinLimit(event));
