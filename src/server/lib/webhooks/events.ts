import { z } from 'zod';

import { useDatabase } from '../db';

/** A verified delivery: its event's id and type, and the body as received. */
export interface Delivery {
  id: string;
  type: string;
  payload: string;
}

/** The payment in a `payment.*` event's `data.object`. */
const payment = z.object({
  id: z.string().min(1).max(255),
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[a-z]{3}$/),
});
const paymentEvent = z.object({ data: z.object({ object: payment }) });

/** The status each event type gives a payment; other types are acknowledged and stored, nothing more. */
const statusOf: Record<string, string> = {
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'payment.refunded': 'refunded',
};

/**
 * Stores the delivery's event id, and answers whether this is its first delivery: the primary key
 * lets exactly one of any number of concurrent deliveries, in any process, insert it.
 */
export async function recordDelivery({ id, type, payload }: Delivery): Promise<boolean> {
  const db = await useDatabase();
  const { rows = [] } = await db.sql`INSERT INTO webhook_events (id, type, payload, received_at)
    VALUES (${id}, ${type}, ${payload}, ${new Date().toISOString()}) ON CONFLICT (id) DO NOTHING RETURNING id`;
  return rows.length === 1;
}

/**
 * The work an event asks for, run after the 2xx: a `payment.*` event sets its payment's status and
 * amount and counts itself in `events`; then the event is marked processed. An event that fails
 * stays unprocessed, for an operator to run again.
 */
export async function processDelivery({ id, type, payload }: Delivery): Promise<void> {
  const db = await useDatabase();
  const status = statusOf[type];
  if (status) {
    const { id: paymentId, amount, currency } = paymentEvent.parse(JSON.parse(payload)).data.object;
    const now = new Date().toISOString();
    await db.sql`INSERT INTO payments (id, status, amount, currency, events, updated_at)
      VALUES (${paymentId}, ${status}, ${amount}, ${currency}, 1, ${now})
      ON CONFLICT (id) DO UPDATE SET status = excluded.status, amount = excluded.amount,
        currency = excluded.currency, events = payments.events + 1, updated_at = excluded.updated_at`;
  }
  await db.sql`UPDATE webhook_events SET processed_at = ${new Date().toISOString()} WHERE id = ${id}`;
}

/**
 * Deletes the processed events received over 30 days before `now`: no sender redelivers that
 * late (Stripe gives up after 3 days). Unprocessed events stay, as work to run again. For the
 * housekeeping task; answers how many went.
 */
export async function purgeWebhookEvents(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000).toISOString();
  const db = await useDatabase();
  const { rows = [] } = await db.sql`DELETE FROM webhook_events
    WHERE received_at < ${before} AND processed_at IS NOT NULL RETURNING id`;
  return rows.length;
}
