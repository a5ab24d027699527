import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { purgeIdempotencyKeys } from '../lib/idempotency';

/** A key is replayed for `IDEMPOTENCY_KEY_TTL_SECONDS`; the housekeeping recipe, if it is there, deletes expired ones. */
export default defineNitroPlugin(() => {
  registerPurge('expired idempotency keys', () => purgeIdempotencyKeys());
});
