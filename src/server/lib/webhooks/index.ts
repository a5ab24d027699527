/**
 * Signed webhooks: a delivery's HMAC is checked over its raw bytes, its event id is stored once,
 * and its work runs after the 2xx. See docs/webhooks.md.
 */
export { processAfterResponse, requireSignedDelivery } from './delivery';
export { type Delivery, purgeWebhookEvents, recordDelivery } from './events';
export { webhookSecrets } from './secrets';
