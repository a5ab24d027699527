import { type H3Event, defineEventHandler } from 'h3';

import { hasRequestBody, requireBodyWithinLimit } from '../lib/body-limit';

/**
 * The one route that streams its body under a cap of its own (5 MiB per file, lib/uploads.ts).
 * Any other spelling of its path misses this test and keeps the 1 MiB cap: it fails safe.
 */
const streamsOwnBody = (event: H3Event) =>
  event.method === 'POST' && event.path.split('?', 1)[0] === '/api/v1/files';

/** Refuses request bodies over 1 MiB with a JSON 413, before any route buffers them. */
export default defineEventHandler((event) =>
  hasRequestBody(event) && !streamsOwnBody(event) ? requireBodyWithinLimit(event) : undefined,
);
