import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import nodeSqlite from 'db0/connectors/node-sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { pooledPostgres, sqliteDriver } from '../db';
import { reuseStatements } from './statement-cache';

// The connectors alone, outside Nitro: `lib/db`'s index also holds `useDatabase`, which reads Nitro's runtime config.
vi.mock('nitropack/runtime', () => ({ useRuntimeConfig: () => ({}) }));

interface Instance {
  prepare(sql: string): unknown;
}

/** Each SQLite driver the server may run on this Node: better-sqlite3 on every line, node:sqlite where it picks it. */
const drivers = { 'better-sqlite3': betterSqlite3, 'node-sqlite': nodeSqlite };
const here = [...new Set(['better-sqlite3', sqliteDriver()] as const)];

const dir = mkdtempSync(join(tmpdir(), 'statement-cache-'));
let db: Database;
let compiles: ReturnType<typeof vi.spyOn>;

/** A real SQLite file, through db0's connector as it ships or tuned; `compiles` counts what the driver compiles. */
async function open(driver: keyof typeof drivers, tuned: boolean): Promise<void> {
  const connector = drivers[driver]({ path: join(dir, `${crypto.randomUUID()}.sqlite`) });
  db = createDatabase(tuned ? reuseStatements(connector) : connector);
  await db.exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  compiles = vi.spyOn((await db.getInstance()) as Instance, 'prepare');
}

afterEach(async () => {
  await db.dispose();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rename = (id: number, name: string) =>
  db.sql`UPDATE users SET name = ${name} WHERE id = ${id} RETURNING id, name`;

describe.each(here)('db0 on %s', (driver) => {
  // When this fails, db0 reuses statements itself and the statement-cache recipe can go.
  it('compiles the statement again on every db.sql call', async () => {
    await open(driver, false);
    await db.sql`INSERT INTO users (id, name) VALUES (${1}, ${'Ada'})`;
    await rename(1, 'Grace');
    await rename(1, 'Alan');
    expect(compiles).toHaveBeenCalledTimes(3);
  });
});

describe.each(here)('reuseStatements on %s', (driver) => {
  it('compiles each SQL text once, with fresh values on every call', async () => {
    await open(driver, true);
    await db.sql`INSERT INTO users (id, name) VALUES (${1}, ${'Ada'})`;
    const inserted = await db.sql`INSERT INTO users (id, name) VALUES (${2}, ${'Bob'})`;
    expect(inserted).toMatchObject({ success: true, changes: 1 });
    expect((await rename(1, 'Grace')).rows).toEqual([{ id: 1, name: 'Grace' }]);
    expect((await rename(2, 'Alan')).rows).toEqual([{ id: 2, name: 'Alan' }]);
    expect((await rename(3, 'Nobody')).rows).toEqual([]);
    expect(compiles).toHaveBeenCalledTimes(2);
    const { rows } = await db.sql`SELECT id, name FROM users ORDER BY id`;
    expect(rows).toEqual([
      { id: 1, name: 'Grace' },
      { id: 2, name: 'Alan' },
    ]);
  });

  it('answers a write that changed nothing as db0 does, and binds values for later', async () => {
    await open(driver, true);
    expect(await db.sql`DELETE FROM users WHERE id = ${1}`).toMatchObject({ success: false, changes: 0 });
    const insert = db.prepare('INSERT INTO users (id, name) VALUES (?, ?)').bind(7, 'Ada');
    expect(await insert.run()).toMatchObject({ success: true, changes: 1 });
    expect(await db.prepare('SELECT name FROM users WHERE id = ?').bind(7).get()).toEqual({ name: 'Ada' });
  });

  it('still runs statements beyond the cache, compiling those each time', async () => {
    await open(driver, true);
    await db.sql`INSERT INTO users (id, name) VALUES (${1}, ${'Ada'})`;
    // 1,020 different SQL texts (db0's {} pastes a trusted constant into the text), then again.
    for (let round = 0; round < 2; round += 1) {
      for (let n = 0; n < 1_020; n += 1) {
        const { rows } = await db.sql`SELECT ${n} + {${n}} AS total FROM users WHERE id = ${1}`;
        expect(rows).toEqual([{ total: 2 * n }]);
      }
    }
    // The INSERT and the first 999 SELECTs fill the 1,000 places; the other 21 compile each round.
    expect(compiles).toHaveBeenCalledTimes(1_000 + 2 * 21);
  });
});

describe('reuseStatements', () => {
  it('leaves any other connector as it is', async () => {
    // A pool opens no connection until its first query.
    const pool = new pg.Pool();
    const connector = pooledPostgres(pool);
    expect(reuseStatements(connector)).toBe(connector);
    await pool.end();
  });
});
