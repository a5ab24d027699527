import { createError, setResponseHeader, type H3Event } from 'h3';

import { clientAddress } from '../request';
import { addressSlots } from './address-slots';

/** Open streams, per client address and in this process. */
const streams = addressSlots();

/**
 * Refuses a stream over the per-process cap (JSON 503) or over the per-address cap (JSON 429),
 * both with `Retry-After`: one client can hold `maxPerAddress` of the process's streams, not all.
 */
export function requireStreamSlot(
  event: H3Event,
  { max, maxPerAddress }: { max: number; maxPerAddress: number },
) {
  if (streams.total() >= max) {
    setResponseHeader(event, 'retry-after', 5);
    throw createError({
      statusCode: 503,
      statusMessage: 'Service Unavailable',
      message: 'Too many open streams; try again shortly',
    });
  }
  if (streams.of(clientAddress(event)) >= maxPerAddress) {
    setResponseHeader(event, 'retry-after', 30);
    throw createError({
      statusCode: 429,
      statusMessage: 'Too Many Requests',
      message: `At most ${maxPerAddress} open streams per client; close one first`,
    });
  }
}

/** Counts a stream against its address and the process until the returned `release` runs (once). */
export function holdStreamSlot(event: H3Event): () => void {
  return streams.hold(clientAddress(event));
}
