import { createDatabase, type Database } from 'db0';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { pooledPostgres } from '../../src/server/lib/db';
import { nameStatements } from '../../src/server/lib/named-statements';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';

// The connectors alone, outside Nitro: `lib/db`'s index also holds `useDatabase`, which reads Nitro's runtime config.
vi.mock('nitropack/runtime', () => ({ useRuntimeConfig: () => ({}) }));

let postgres: RunningPostgres;
const opened: Database[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);

afterAll(async () => {
  await Promise.all(opened.map((db) => db.dispose()));
  await postgres?.stop();
});

/** A database over a pool of ONE connection, so `pg_prepared_statements` shows what that connection keeps. */
async function open(tuned: boolean): Promise<{ db: Database; pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: await postgres.createDatabase(), max: 1 });
  const connector = pooledPostgres(pool);
  const db = createDatabase(tuned ? nameStatements(connector) : connector);
  opened.push(db);
  await db.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  return { db, pool };
}

const preparedStatements = async (pool: pg.Pool) =>
  (
    await pool.query<{ name: string; statement: string }>(
      'SELECT name, statement FROM pg_prepared_statements ORDER BY name',
    )
  ).rows;

describe('named PostgreSQL statements', () => {
  it('parses each SQL text once per connection, with fresh values on every call', async () => {
    const { db, pool } = await open(true);
    for (const [id, name] of [
      [1, 'Ada'],
      [2, 'Bob'],
    ] as const)
      await db.sql`INSERT INTO users (id, name) VALUES (${id}, ${name})`;
    const renamed = await db.sql`UPDATE users SET name = ${'Grace'} WHERE id = ${1} RETURNING id, name`;
    expect(renamed.rows).toEqual([{ id: 1, name: 'Grace' }]);
    const { rows } = await db.sql`SELECT id, name FROM users ORDER BY id`;
    expect(rows).toEqual([
      { id: 1, name: 'Grace' },
      { id: 2, name: 'Bob' },
    ]);
    expect(await preparedStatements(pool)).toEqual([
      { name: 'db0_1', statement: 'INSERT INTO users (id, name) VALUES ($1, $2)' },
      { name: 'db0_2', statement: 'UPDATE users SET name = $1 WHERE id = $2 RETURNING id, name' },
      { name: 'db0_3', statement: 'SELECT id, name FROM users ORDER BY id' },
    ]);
  });

  it('leaves the pool unnamed without the recipe', async () => {
    const { db, pool } = await open(false);
    await db.sql`INSERT INTO users (id, name) VALUES (${1}, ${'Ada'})`;
    expect((await db.sql`SELECT name FROM users WHERE id = ${1}`).rows).toEqual([{ name: 'Ada' }]);
    expect(await preparedStatements(pool)).toEqual([]);
  });
});
