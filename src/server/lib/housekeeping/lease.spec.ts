import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { migrate } from '../db/migrations';
import { type LeaseClaim, takeLease } from './lease';

let db: Database;

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await migrate(db);
});

afterEach(() => db.dispose());

const claim = (holder: string, round: number, now: number): LeaseClaim => ({
  name: 'housekeeping',
  holder,
  round,
  ttlMs: 1_000,
  now,
});

const stored = async () => (await db.sql`SELECT holder, round, expires_at FROM task_leases`).rows;

describe('takeLease (SQLite)', () => {
  it('gives a round to the first claim only', async () => {
    expect(await takeLease(db, claim('a', 10, 100))).toBe(true);
    expect(await takeLease(db, claim('b', 10, 101))).toBe(false);
    expect(await stored()).toEqual([{ holder: 'a', round: 10, expires_at: 1_100 }]);
  });

  it('refuses a new round while the lease is held, and gives it once the lease expired', async () => {
    await takeLease(db, claim('a', 10, 100));
    expect(await takeLease(db, claim('b', 20, 1_099))).toBe(false);
    expect(await takeLease(db, claim('b', 20, 1_100))).toBe(true);
    expect(await stored()).toEqual([{ holder: 'b', round: 20, expires_at: 2_100 }]);
  });

  it('never runs a round twice, even after the lease was released', async () => {
    await takeLease(db, claim('a', 10, 100));
    await db.sql`UPDATE task_leases SET expires_at = 0`;
    expect(await takeLease(db, claim('b', 10, 200))).toBe(false);
    expect(await takeLease(db, claim('b', 5, 200))).toBe(false);
    expect(await takeLease(db, claim('b', 11, 200))).toBe(true);
  });

  it('gives each round to exactly one of many concurrent claims', async () => {
    for (const round of [1, 2, 3]) {
      await db.sql`UPDATE task_leases SET expires_at = 0`;
      const taken = await Promise.all(
        Array.from({ length: 20 }, (_, n) => takeLease(db, claim(`p${n}`, round, 100 * round))),
      );
      expect(taken.filter(Boolean)).toHaveLength(1);
    }
  });
});
