import { defineNitroPlugin, getRouteRules } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import {
  type IdempotentClaim,
  abandonIdempotent,
  finishIdempotent,
  purgeIdempotencyKeys,
} from '../lib/idempotency';

/**
 * Marks the POSTs of a route put under `Idempotency-Key` by its rule, for middleware/idempotency.ts
 * (which can't read route rules: Vite also loads it outside Nitro); stores a claim's answer as it
 * goes out, or gives its key up when it failed. A key is replayed for
 * `IDEMPOTENCY_KEY_TTL_SECONDS`; the housekeeping recipe, if it is there, deletes expired ones.
 */
export default defineNitroPlugin((nitroApp) => {
  registerPurge('expired idempotency keys', () => purgeIdempotencyKeys());
  const claimOf = (context: Record<string, unknown> | undefined) =>
    context?.['idempotency'] as IdempotentClaim | undefined;
  nitroApp.hooks.hook('request', (event) => {
    if (event.method === 'POST' && getRouteRules(event).idempotency) event.context['idempotentRoute'] = true;
  });
  nitroApp.hooks.hook('beforeResponse', async (event, { body }) => {
    const claim = claimOf(event.context);
    if (claim) await finishIdempotent(event, claim, body);
  });
  nitroApp.hooks.hook('error', async (_error, { event }) => {
    const claim = claimOf(event?.context);
    if (claim) await abandonIdempotent(claim);
  });
});
