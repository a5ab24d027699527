import { createError, setResponseHeader, type H3Event } from 'h3';

import { clientAddress } from '../../../modules/security';

/** Open streams per client address; an address leaves the map with its last stream. */
const byAddress = new Map<string, number>();
let total = 0;

/**
 * Refuses a stream over the per-process cap (JSON 503) or over the per-address cap (JSON 429),
 * both with `Retry-After`: one client can hold `maxPerAddress` of the process's streams, not all.
 */
export function requireStreamSlot(
  event: H3Event,
  { max, maxPerAddress }: { max: number; maxPerAddress: number },
) {
  if (total >= max) {
    setResponseHeader(event, 'retry-after', 5);
    throw createError({
      statusCode: 503,
      statusMessage: 'Service Unavailable',
      message: 'Too many open streams; try again shortly',
    });
  }
  if ((byAddress.get(clientAddress(event)) ?? 0) >= maxPerAddress) {
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
  const address = clientAddress(event);
  byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
  total += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    total -= 1;
    const left = (byAddress.get(address) ?? 1) - 1;
    if (left) byAddress.set(address, left);
    else byAddress.delete(address);
  };
}
