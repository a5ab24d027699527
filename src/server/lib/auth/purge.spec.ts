import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { migrate } from '../db/migrations';
import { purgeSessions } from './sessions';

let db: Database;

// The purges' own SQL against a fresh in-memory SQLite, migrated like the app's: outside Nitro,
// its runtime and the app's connection are left out.
vi.mock('nitropack/runtime', () => ({ useRuntimeConfig: () => ({}) }));
vi.mock('../db/database', () => ({ useDatabase: async () => db }));

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await migrate(db);
});

afterEach(() => db.dispose());

describe('purgeSessions', () => {
  it('deletes the sessions that expired by now, and keeps the live ones', async () => {
    const { rows } = await db.sql`INSERT INTO users (name, email, password_hash)
      VALUES ('Ada', 'ada@example.com', 'x') RETURNING id`;
    const ada = Number(rows![0]['id']);
    await db.sql`INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES
      ('expired', ${ada}, 0, 1000), ('edge', ${ada}, 0, 2000), ('live', ${ada}, 0, 5000)`;
    expect(await purgeSessions(2000)).toBe(2);
    expect((await db.sql`SELECT id FROM sessions`).rows).toEqual([{ id: 'live' }]);
  });

  it("deletes an account's sessions with the account", async () => {
    const { rows } = await db.sql`INSERT INTO users (name, email, password_hash)
      VALUES ('Ada', 'ada@example.com', 'x'), ('Gone', 'gone@example.com', 'x') RETURNING id`;
    const [ada, gone] = rows!.map((row) => Number(row['id']));
    await db.sql`INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES
      ('live', ${ada}, 0, 5000), ('orphan', ${gone}, 0, 5000)`;
    await db.sql`DELETE FROM users WHERE id = ${gone}`;
    expect((await db.sql`SELECT id FROM sessions`).rows).toEqual([{ id: 'live' }]);
  });
});
