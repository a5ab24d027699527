import { defineNitroPlugin } from 'nitropack/runtime';

import { closeChat } from '../lib/chat';

/**
 * Open WebSockets never end by themselves: a draining server closes them with 1001 as it stops
 * accepting connections (src/server/lib/ops/drain.ts), so the drain need not wait for them.
 */
export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('drain', closeChat);
  nitroApp.hooks.hook('close', closeChat);
});
