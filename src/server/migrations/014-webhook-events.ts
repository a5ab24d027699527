import type { Migration } from './migration';

/**
 * Signed webhooks (lib/webhooks): each event id once (the primary key makes a redelivery a no-op,
 * in any process), `processed_at` once its work ran (without it: work to run again), and the
 * `payments` the events change, `events` counting those applied, so each is applied once.
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
