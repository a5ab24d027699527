import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { purgeOldTaskRuns, stopHousekeeping } from '../lib/housekeeping';

declare module 'nitropack/types' {
  interface NitroRuntimeHooks {
    /** Called by the health recipe's drain when a shutdown signal comes (src/server/lib/ops/drain.ts). */
    draining: () => void;
  }
}

/**
 * Housekeeping purges its own records too. A draining server starts no run (another worker or
 * instance takes the next round), and a run in progress finishes before the database closes:
 * Nitro calls `close` hooks one after another in the plugins' order, and this file's name sorts
 * before ops.ts, whose hook closes the database.
 */
export default defineNitroPlugin((nitroApp) => {
  registerPurge('task runs over a week old', purgeOldTaskRuns);
  nitroApp.hooks.hook('draining', () => void stopHousekeeping());
  nitroApp.hooks.hook('close', stopHousekeeping);
});
