import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseHttpError } from './database-errors';

const dir = mkdtempSync(join(tmpdir(), 'database-errors-'));
let db: Database;

beforeAll(async () => {
  db = createDatabase(betterSqlite3({ path: join(dir, 'test.sqlite') }));
  await db.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL CHECK (length(name) > 0))');
  await db.sql`INSERT INTO things (id, name) VALUES (${1}, ${'one'})`;
});

afterAll(async () => {
  await db.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** The error a real statement throws. */
const errorOf = (statement: Promise<unknown>) =>
  statement.then(
    () => expect.fail('the statement succeeded'),
    (error) => error,
  );

describe('databaseHttpError', () => {
  it('makes a unique violation a 409 without the driver message', async () => {
    const error = await errorOf(db.sql`INSERT INTO things (id, name) VALUES (${1}, ${'again'})`);
    expect(databaseHttpError(error)).toMatchObject({
      statusCode: 409,
      message: 'That record already exists',
    });
  });

  it('makes a CHECK or NOT NULL violation a 422', async () => {
    const check = await errorOf(db.sql`INSERT INTO things (id, name) VALUES (${2}, ${''})`);
    expect(databaseHttpError(check)).toMatchObject({ statusCode: 422 });
    const notNull = await errorOf(db.sql`INSERT INTO things (id, name) VALUES (${3}, ${null})`);
    expect(databaseHttpError(notNull)).toMatchObject({ statusCode: 422 });
  });

  it('makes a refused connection a 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(databaseHttpError(refused)).toMatchObject({ statusCode: 503 });
    expect(databaseHttpError(new Error('Connection terminated unexpectedly'))).toMatchObject({
      statusCode: 503,
    });
  });

  it('leaves other errors alone', async () => {
    const syntax = await errorOf(db.sql`SELEC ${1}`);
    expect(databaseHttpError(syntax)).toBeUndefined();
    expect(databaseHttpError(new TypeError('x is undefined'))).toBeUndefined();
    expect(databaseHttpError('not an error')).toBeUndefined();
  });
});
