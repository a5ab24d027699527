import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import {
  type IdempotentClaim,
  abandonIdempotent,
  finishIdempotent,
  purgeIdempotencyKeys,
} from '../lib/idempotency';

/**
 * Stores the answer of a request whose route rule put it under `Idempotency-Key` (the middleware
 * claimed its key) as it goes out, or gives its key up when it failed. A key is replayed for
 * `IDEMPOTENCY_KEY_TTL_SECONDS`; the housekeeping recipe, if it is there, deletes expired ones.
 */
export default defineNitroPlugin((nitroApp) => {
  registerPurge('expired idempotency keys', () => purgeIdempotencyKeys());
  const claimOf = (context: Record<string, unknown> | undefined) =>
    context?.['idempotency'] as IdempotentClaim | undefined;
  nitroApp.hooks.hook('beforeResponse', async (event, { body }) => {
    const claim = claimOf(event.context);
    if (claim) await finishIdempotent(event, claim, body);
  });
  nitroApp.hooks.hook('error', async (_error, { event }) => {
    const claim = claimOf(event?.context);
    if (claim) await abandonIdempotent(claim);
  });
});
