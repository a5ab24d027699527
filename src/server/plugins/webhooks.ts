import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { purgeWebhookEvents, webhookSecrets } from '../lib/webhooks';

/** Events older than 30 days go (with the housekeeping recipe); a missing secret is said once, not per delivery. */
export default defineNitroPlugin(() => {
  registerPurge('webhook events over 30 days old', () => purgeWebhookEvents());
  if (import.meta.prerender) return;
  try {
    webhookSecrets();
  } catch (error) {
    console.warn(`[webhooks] ${(error as Error).message}; every delivery answers 503`);
  }
});
