import { defineEventHandler } from 'h3';

/**
 * `Idempotency-Key` for the POSTs of routes whose rule says `idempotency: true` (`idempotentRoute()`),
 * which the idempotency plugin marks as they come in: a retry is answered here with the first answer;
 * a request that claims its key runs, and the plugin stores its answer (or gives the key up when it
 * fails). Other requests pass.
 */
export default defineEventHandler(async (event) => {
  if (!event.context['idempotentRoute']) return undefined;
  // Loaded here: in development Vite also loads middleware outside Nitro, where the recipe can't load.
  const { beginIdempotent } = await import('../lib/idempotency');
  const begun = await beginIdempotent(event);
  if (begun && 'replay' in begun) return begun.replay;
  if (begun) event.context['idempotency'] = begun.claim;
  return undefined;
});
