import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { purgeWebhookEvents } from '../lib/webhooks';

/** Processed events are kept 30 days against replays; the housekeeping recipe, if it is there, deletes older ones. */
export default defineNitroPlugin(() => {
  registerPurge('webhook events over 30 days old', () => purgeWebhookEvents());
});
