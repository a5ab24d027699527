import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { purgeWebhookEvents, webhookSecrets } from '../lib/webhooks';

/**
 * Processed events are kept 30 days against replays; the housekeeping recipe, if it is there,
 * deletes older ones. A missing `WEBHOOK_SECRET` is said once, here, not at each delivery's 503.
 */
export default defineNitroPlugin(() => {
  registerPurge('webhook events over 30 days old', () => purgeWebhookEvents());
  if (import.meta.prerender) return;
  try {
    webhookSecrets();
  } catch (error) {
    console.warn(`[webhooks] ${(error as Error).message}; every delivery answers 503`);
  }
});
