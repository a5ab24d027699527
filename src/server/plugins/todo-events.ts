import { defineNitroPlugin } from 'nitropack/runtime';

import { closeTodoEventStreams } from '../lib/live';

/** Open event streams never end by themselves: a graceful shutdown ends them, so it need not wait. */
export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('close', closeTodoEventStreams);
});
