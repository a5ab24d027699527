import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { migrate } from '../db/migrations';
import { purgeRateLimits } from './rate-limit';

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

describe('purgeRateLimits', () => {
  it('deletes the counters whose window ended by now, and keeps the running ones', async () => {
    await db.sql`INSERT INTO rate_limits (key, hits, resets_at) VALUES ('old', 3, 1000), ('edge', 1, 2000), ('live', 2, 3000)`;
    expect(await purgeRateLimits(2000)).toBe(2);
    expect((await db.sql`SELECT key FROM rate_limits`).rows).toEqual([{ key: 'live' }]);
  });
});
