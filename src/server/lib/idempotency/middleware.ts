import { defineEventHandler } from 'h3';
import { getRouteRules } from 'nitropack/runtime';

import { beginIdempotent } from './idempotent';

/**
 * `Idempotency-Key` for the POSTs of routes whose rule says `idempotency` (route-rule.ts): a retry gets the first
 * answer here; a request that claims its key runs, and the plugin stores its answer. Before the route's guard,
 * the keys are still a signed-in caller's account's (`identifiedCallerKey`): a replay goes to no one else.
 */
export default defineEventHandler(async (event) => {
  if (event.method !== 'POST' || !getRouteRules(event).idempotency) return undefined;
  const begun = await beginIdempotent(event);
  if (begun && 'replay' in begun) return begun.replay;
  if (begun) event.context['idempotency'] = begun.claim;
  return undefined;
});
