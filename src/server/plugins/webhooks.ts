import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { purgeWebhookEvents, webhooksConfigured } from '../lib/webhooks';

/**
 * Processed events are kept 30 days against replays; the housekeeping recipe, if it is there,
 * deletes older ones. A server without `WEBHOOK_SECRET` says so once, here, as a warning: each
 * delivery's 503 is the sender's cue to retry, not an error to log again.
 */
export default defineNitroPlugin(() => {
  registerPurge('webhook events over 30 days old', () => purgeWebhookEvents());
  if (import.meta.prerender || webhooksConfigured()) return;
  console.warn(
    '[webhooks] WEBHOOK_SECRET is not set (or is under 32 characters): POST /api/v1/webhooks/payments answers 503 until it is',
  );
});
