/**
 * Safe retries: `withIdempotency(event, run)` gives a POST the `Idempotency-Key` header of
 * draft-ietf-httpapi-idempotency-key-header, stored in the database. See docs/idempotency.md.
 */
export {
  type IdempotentClaim,
  abandonIdempotent,
  beginIdempotent,
  finishIdempotent,
  withIdempotency,
} from './idempotent';
export { idempotentRoute } from './route-rule';
export { idempotentOperation } from './openapi';
export { maxKeyLength, parseIdempotencyKey } from './key';
export { purgeIdempotencyKeys } from './store';
