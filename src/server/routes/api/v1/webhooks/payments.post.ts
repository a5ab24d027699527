/** Signed webhook: a server-to-server POST verified by HMAC over its raw bytes, stored once, processed after the 2xx. */
// POST /api/v1/webhooks/payments
// Access: signed request. Limits: Body ≤ 64 KiB; the signature must be at most 5 minutes old.
// 200: A redelivery of an event already received: acknowledged, not processed again.
// 202: A new event: stored, and processed after this answer.
import { defineEventHandler, setResponseStatus } from 'h3';

import { processAfterResponse, recordDelivery, requireSignedDelivery } from '../../../../lib/webhooks';

// No session, no CORS, and the cross-site form guard never fires (no browser `Origin`): the payment
// provider calls from its servers without cookies, and the signature is the whole authentication.
export default defineEventHandler(async (event) => {
  const delivery = await requireSignedDelivery(event);
  if (!(await recordDelivery(delivery))) return { received: true, duplicate: true };
  processAfterResponse(event, delivery);
  setResponseStatus(event, 202, 'Accepted');
  return { received: true, duplicate: false };
});
