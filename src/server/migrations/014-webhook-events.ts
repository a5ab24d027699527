import type { Migration } from './migration';

/**
 * Signed webhooks (lib/webhooks): `webhook_events` holds every delivery's event id once (its
 * primary key is the unique constraint that makes a redelivery a no-op, in any process) with the
 * verified payload, and `processed_at` once the work after the 2xx has run; a row left without it
 * is work that failed and can be run again. `payments` is what the events change: `events` counts
 * the events applied to a payment, so a spec sees an event processed once and only once.
 */
export default {
  version: 14,
  name: 'webhook-events',
  up: () => [
    `CREATE TABLE webhook_events (
      id TEXT PRIMARY KEY,
      type TEXT NOT NULL,
      payload TEXT NOT NULL,
      received_at TEXT NOT NULL,
      processed_at TEXT
    )`,
    'CREATE INDEX webhook_events_received_at ON webhook_events (received_at)',
    `CREATE TABLE payments (
      id TEXT PRIMARY KEY,
      status TEXT NOT NULL,
      amount INTEGER NOT NULL,
      currency TEXT NOT NULL,
      events INTEGER NOT NULL,
      updated_at TEXT NOT NULL
    )`,
  ],
} satisfies Migration;
