import { type H3Event, createError, getRequestHeader, readRawBody } from 'h3';
import { z } from 'zod';

import { type Delivery, processDelivery } from './events';
import { webhookSecrets } from './secrets';
import { verifySignature } from './signature';

/** What every delivery must carry: an id to deduplicate on and a type; the rest is read per type. */
const envelope = z.object({ id: z.string().min(1).max(255), type: z.string().min(1).max(100) });

/** The largest delivery read: a payment event is a few KiB. */
export const maxDeliveryBytes = 64 * 1024;

/**
 * The delivery, once its signature holds: the raw bytes (before any parser) are what was signed,
 * so they are verified before they are parsed. A provider states the length of what it sends: a
 * delivery without `Content-Length`, or over 64 KiB, is refused before it is read (411, 413),
 * unless a limit in front of the route read it. A signed body that is not an event is a 400.
 * @status 400 No or a malformed `Webhook-Signature`, or a signed body that is not an event.
 * @status 401 The signature does not match the body, or its timestamp is over 5 minutes away.
 * @status 411 No `Content-Length` on a body no limit in front of the route has read.
 * @status 413 The body is over 64 KiB.
 * @status 503 No `WEBHOOK_SECRET` is set; the sender retries later.
 */
export async function requireSignedDelivery(event: H3Event): Promise<Delivery> {
  const secrets = webhookSecrets();
  if (!event.node.req.readableEnded) {
    const length = Number(getRequestHeader(event, 'content-length'));
    if (Number.isNaN(length)) throw createError({ statusCode: 411, statusMessage: 'Length Required' });
    if (length > maxDeliveryBytes) throw createError({ statusCode: 413, statusMessage: 'Payload Too Large' });
  }
  const body = (await readRawBody(event, false)) ?? Buffer.alloc(0);
  verifySignature(getRequestHeader(event, 'webhook-signature'), body, secrets);
  const payload = body.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    parsed = undefined;
  }
  const found = envelope.safeParse(parsed);
  if (!found.success) {
    throw createError({ statusCode: 400, message: 'The body is not an event with an id and a type' });
  }
  return { ...found.data, payload };
}

/**
 * Runs `processDelivery` after the response, through `event.waitUntil` (Nitro 2.13: the host keeps
 * the work alive past the response; on Node it runs on in the process). A failure is logged with
 * the request id and the event id, and nothing else: the sender has its 2xx.
 */
export function processAfterResponse(event: H3Event, delivery: Delivery): void {
  // The id the request log (the health recipe) gave the request, when it is there.
  const requestId = String(event.context['requestId'] ?? 'none');
  event.waitUntil(
    processDelivery(delivery).catch((error: unknown) => {
      const reason = error instanceof z.ZodError ? 'its payment is malformed' : String(error);
      console.error(`[webhooks] event ${delivery.id} (request ${requestId}) failed: ${reason}`);
    }),
  );
}
