import { defineNitroPlugin } from 'nitropack/runtime';

import { closeTodoEventStreams } from '../lib/live';

/**
 * Open event streams never end by themselves: a draining server ends them as it stops accepting
 * connections (src/server/lib/ops/drain.ts), so the drain need not wait for them.
 */
export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('drain', closeTodoEventStreams);
  nitroApp.hooks.hook('close', closeTodoEventStreams);
});
