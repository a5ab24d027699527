import { defineEventHandler } from 'h3';
import { getRouteRules } from 'nitropack/runtime';

import { beginIdempotent } from './idempotent';

/**
 * `Idempotency-Key` for the POSTs of routes whose rule says `idempotency: true` (`idempotentRoute()`),
 * run under those paths only (route-rule.ts): a retry is answered here with the first answer; a
 * request that claims its key runs, and the plugin stores its answer (or gives the key up when it fails).
 * It runs before the route's guard, yet the keys are a signed-in caller's account's (`identifiedCallerKey`),
 * so a replay never goes to anyone else; the guard then refuses whoever it refuses.
 */
export default defineEventHandler(async (event) => {
  if (event.method !== 'POST' || !getRouteRules(event).idempotency) return undefined;
  const begun = await beginIdempotent(event);
  if (begun && 'replay' in begun) return begun.replay;
  if (begun) event.context['idempotency'] = begun.claim;
  return undefined;
});
