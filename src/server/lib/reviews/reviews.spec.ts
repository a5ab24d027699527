import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { migrate } from '../db/migrations';
import { forgetReviewAddresses } from './reviews';

let db: Database;

// The purge's own SQL against a fresh in-memory SQLite, migrated like the app's: outside Nitro,
// its runtime and the app's connection are left out.
vi.mock('nitropack/runtime', () => ({ useRuntimeConfig: () => ({}) }));
vi.mock('../db/database', () => ({ useDatabase: async () => db }));

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await migrate(db);
});

afterEach(() => db.dispose());

describe('forgetReviewAddresses', () => {
  it('clears the addresses of reviews whose hour is over, and keeps the reviews and the recent addresses', async () => {
    const now = Date.parse('2026-11-28T12:00:00.000Z');
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    await db.sql`INSERT INTO reviews (id, product_id, rating, body, request_id, created_at, address_hash) VALUES
      ('old', 1, 5, 'Old', 'r1', ${at(61)}, 'a'), ('edge', 1, 5, 'Edge', 'r2', ${at(60)}, 'a'),
      ('recent', 1, 5, 'Recent', 'r3', ${at(59)}, 'a'), ('before', 1, 5, 'Before 020', 'r4', ${at(120)}, NULL)`;
    expect(await forgetReviewAddresses(now)).toBe(2);
    expect((await db.sql`SELECT id, address_hash FROM reviews ORDER BY created_at`).rows).toEqual([
      { id: 'before', address_hash: null },
      { id: 'old', address_hash: null },
      { id: 'edge', address_hash: null },
      { id: 'recent', address_hash: 'a' },
    ]);
  });
});
