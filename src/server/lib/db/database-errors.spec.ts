import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import nodeSqlite from 'db0/connectors/node-sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseHttpError } from './database-errors';
import { sqliteDriver } from './sqlite-driver';

/** Each SQLite driver the server may run on this Node: better-sqlite3 on every line, node:sqlite where it picks it. */
const drivers = { 'better-sqlite3': betterSqlite3, 'node-sqlite': nodeSqlite };
const here = [...new Set(['better-sqlite3', sqliteDriver()] as const)];

/** The error a real statement throws. */
const errorOf = (statement: Promise<unknown>) =>
  statement.then(
    () => expect.fail('the statement succeeded'),
    (error) => error,
  );

describe.each(here)('databaseHttpError on %s', (driver) => {
  const dir = mkdtempSync(join(tmpdir(), 'database-errors-'));
  let db: Database;

  beforeAll(async () => {
    db = createDatabase(drivers[driver]({ path: join(dir, 'test.sqlite') }));
    await db.exec(
      'CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE CHECK (length(name) > 0))',
    );
    await db.sql`INSERT INTO things (id, name) VALUES (${1}, ${'one'})`;
  });

  afterAll(async () => {
    await db.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes a primary key or unique violation a 409 without the driver message', async () => {
    const key = await errorOf(db.sql`INSERT INTO things (id, name) VALUES (${1}, ${'again'})`);
    expect(databaseHttpError(key)).toMatchObject({ statusCode: 409, message: 'That record already exists' });
    const unique = await errorOf(db.sql`INSERT INTO things (id, name) VALUES (${2}, ${'one'})`);
    expect(databaseHttpError(unique)).toMatchObject({ statusCode: 409 });
  });

  it('makes a CHECK or NOT NULL violation a 422', async () => {
    const check = await errorOf(db.sql`INSERT INTO things (id, name) VALUES (${2}, ${''})`);
    expect(databaseHttpError(check)).toMatchObject({ statusCode: 422 });
    const notNull = await errorOf(db.sql`INSERT INTO things (id, name) VALUES (${3}, ${null})`);
    expect(databaseHttpError(notNull)).toMatchObject({ statusCode: 422 });
  });

  it('leaves a syntax error alone', async () => {
    const syntax = await errorOf(db.sql`SELEC ${1}`);
    expect(databaseHttpError(syntax)).toBeUndefined();
  });
});

describe('databaseHttpError', () => {
  it('makes a refused connection a 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(databaseHttpError(refused)).toMatchObject({ statusCode: 503 });
    expect(databaseHttpError(new Error('Connection terminated unexpectedly'))).toMatchObject({
      statusCode: 503,
    });
  });

  it('leaves other errors alone', () => {
    expect(databaseHttpError(new TypeError('x is undefined'))).toBeUndefined();
    expect(databaseHttpError('not an error')).toBeUndefined();
  });
});
