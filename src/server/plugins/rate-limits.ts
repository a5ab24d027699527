import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { purgeRateLimits } from '../lib/rate-limit';

/** Counters whose window ended count nothing any more: the housekeeping recipe deletes them, if it is there. */
export default defineNitroPlugin(() => {
  registerPurge('expired rate limits', (signal) => purgeRateLimits(Date.now(), signal));
});
