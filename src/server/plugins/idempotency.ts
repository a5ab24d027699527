import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import {
  type IdempotentClaim,
  abandonIdempotent,
  finishIdempotent,
  purgeIdempotencyKeys,
} from '../lib/idempotency';

/**
 * Stores the answer of a request whose key the middleware claimed (its route rule) as it goes out, or gives
 * the key up when it failed; the housekeeping recipe, if it is there, deletes expired keys.
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
