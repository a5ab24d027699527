import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { closeTodoEventStreams, purgeTodoEvents } from '../lib/live';

/**
 * Open event streams never end by themselves: a draining server ends them as it stops accepting
 * connections (src/server/lib/ops/drain.ts), so the drain need not wait for them. Events past
 * the replay window are of no use to a client; the housekeeping recipe, if it is there, deletes them.
 */
export default defineNitroPlugin((nitroApp) => {
  registerPurge('todo events past the replay window', () => purgeTodoEvents());
  nitroApp.hooks.hook('drain', closeTodoEventStreams);
  nitroApp.hooks.hook('close', closeTodoEventStreams);
});
