import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { migrate } from '../db/migrations';

// The events' statements against a real SQLite database in memory, migrated like the app's.
let db: Database;
vi.mock('../db', () => ({ useDatabase: async () => db }));
const { processDelivery, purgeWebhookEvents, recordDelivery } = await import('./events');

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await migrate(db);
});

afterEach(() => db.dispose());

const delivery = (id: string, type = 'payment.succeeded', amount: unknown = 1200) => ({
  id,
  type,
  payload: JSON.stringify({ id, type, data: { object: { id: 'pay_1', amount, currency: 'eur' } } }),
});

const payments = async () => (await db.sql`SELECT id, status, amount, currency, events FROM payments`).rows;

describe('webhook_events', () => {
  it('records an event id once, however many deliveries race', async () => {
    const firsts = await Promise.all(Array.from({ length: 10 }, () => recordDelivery(delivery('evt_1'))));
    expect(firsts.filter(Boolean)).toHaveLength(1);
  });

  it('applies a payment event to its payment and marks it processed', async () => {
    await processDelivery(delivery('evt_1'));
    await processDelivery(delivery('evt_2', 'payment.refunded'));
    expect(await payments()).toEqual([
      { id: 'pay_1', status: 'refunded', amount: 1200, currency: 'eur', events: 2 },
    ]);
  });

  it('leaves an event whose payment is malformed unprocessed', async () => {
    await recordDelivery(delivery('evt_bad', 'payment.succeeded', 'ten'));
    await expect(processDelivery(delivery('evt_bad', 'payment.succeeded', 'ten'))).rejects.toThrow();
    expect((await db.sql`SELECT processed_at FROM webhook_events`).rows).toEqual([{ processed_at: null }]);
    expect(await payments()).toEqual([]);
  });

  it('purges processed events over 30 days old and keeps the rest', async () => {
    const old = '2026-01-01T00:00:00.000Z';
    await db.sql`INSERT INTO webhook_events (id, type, payload, received_at, processed_at) VALUES
      ('old', 't', '{}', ${old}, ${old}), ('old unprocessed', 't', '{}', ${old}, NULL),
      ('recent', 't', '{}', '2026-01-20T00:00:00.000Z', '2026-01-20T00:00:00.000Z')`;
    expect(await purgeWebhookEvents(new Date('2026-02-05T00:00:00Z'))).toBe(1);
    const left = (await db.sql`SELECT id FROM webhook_events ORDER BY id`).rows?.map((row) => row['id']);
    expect(left).toEqual(['old unprocessed', 'recent']);
  });
});
