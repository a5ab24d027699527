/** Signed webhook: a server-to-server POST verified by HMAC over its raw bytes, stored once, processed after the 2xx. */
// POST /api/v1/webhooks/payments
import { defineEventHandler, setResponseStatus } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { processAfterResponse, recordDelivery, requireSignedDelivery } from '../../../../lib/webhooks';

// No session, no CORS, and the cross-site form guard never fires (no browser `Origin`): the payment
// provider calls from its servers without cookies, and the signature is the whole authentication.
defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'signed request',
    'x-limits': 'Body ≤ 64 KiB; the signature must be at most 5 minutes old.',
    responses: {
      200: { description: 'A redelivery of an event already received: acknowledged, not processed again.' },
      202: { description: 'A new event: stored, and processed after this answer.' },
      400: { description: 'No or a malformed `Webhook-Signature`, or a signed body that is not an event.' },
      401: { description: 'The signature does not match the body, or its timestamp is over 5 minutes away.' },
      411: { description: 'No `Content-Length` on a body no limit in front of the route has read.' },
      413: { description: 'The body is over 64 KiB.' },
      503: { description: 'No `WEBHOOK_SECRET` is set; the sender retries later.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  const delivery = await requireSignedDelivery(event);
  if (!(await recordDelivery(delivery))) return { received: true, duplicate: true };
  processAfterResponse(event, delivery);
  setResponseStatus(event, 202, 'Accepted');
  return { received: true, duplicate: false };
});
