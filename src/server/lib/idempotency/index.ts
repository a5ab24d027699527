/** Safe retries: `withIdempotency(event, run)` gives a POST the `Idempotency-Key` header (docs/idempotency.md). */
export { type IdempotentClaim, abandonIdempotent, finishIdempotent, withIdempotency } from './idempotent';
export { idempotentRoute } from './route-rule';
export { idempotentOperation } from './openapi';
export { purgeIdempotencyKeys } from './store';
