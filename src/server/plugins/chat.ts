import { defineNitroPlugin } from 'nitropack/runtime';

import { closeChat, purgeChatMessages } from '../lib/chat';
import { registerPurge } from '../lib/db';

/**
 * Open WebSockets never end by themselves: a draining server closes them with 1001 as it stops
 * accepting connections (src/server/lib/ops/drain.ts), so the drain need not wait for them. The
 * room keeps its newest messages; the housekeeping recipe, if it is there, deletes the rest.
 */
export default defineNitroPlugin((nitroApp) => {
  registerPurge('chat messages but the newest 1,000', purgeChatMessages);
  nitroApp.hooks.hook('drain', closeChat);
  nitroApp.hooks.hook('close', closeChat);
});
