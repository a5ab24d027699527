import type { Client } from '@libsql/client';
import { createDatabase, type Database } from 'db0';
import libSqlCore from 'db0/connectors/libsql/core';

import users from '../migrations/001-users';
import todos from '../migrations/002-todos';

export type Dialect = 'sqlite' | 'postgresql';

/** One schema change. `up` gives its statements for a dialect; most are the same in both. */
export interface Migration {
  version: number;
  name: string;
  up: (dialect: Dialect) => string[];
}

/** Every migration, oldest first. A new one is a new file with the next version, listed here. */
export const migrations: Migration[] = [users, todos];

/**
 * Runs `work` in one transaction that holds the write lock from its start, so processes starting
 * together migrate one after the other. db0 has no transactions: PostgreSQL's connector keeps one
 * connection, so `BEGIN` on it covers what follows; libsql lends a connection per statement, so
 * its own `transaction('write')` (`BEGIN IMMEDIATE`) is wrapped in a db0 handle.
 */
async function inTransaction(db: Database, work: (tx: Database) => Promise<void>): Promise<void> {
  if (db.dialect === 'postgresql') {
    await db.exec('BEGIN');
    try {
      await db.exec('SELECT pg_advisory_xact_lock(20261123)');
      await work(db);
      await db.exec('COMMIT');
    } catch (error) {
      await db.exec('ROLLBACK').catch(() => undefined); // a broken connection took the transaction with it
      throw error;
    }
    return;
  }
  const client = (await db.getInstance()) as Client;
  const transaction = await client.transaction('write');
  try {
    await work(createDatabase(libSqlCore({ getClient: () => transaction as unknown as Client })));
    await transaction.commit();
  } finally {
    transaction.close(); // rolls back unless committed
  }
}

/**
 * Applies the migrations this database has not seen, all in one transaction: either every one
 * is applied and recorded in `schema_migrations`, or none is.
 */
export function migrate(db: Database): Promise<void> {
  const dialect: Dialect = db.dialect === 'postgresql' ? 'postgresql' : 'sqlite';
  return inTransaction(db, async (tx) => {
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const { rows = [] } = await tx.sql`SELECT version FROM schema_migrations`;
    const applied = new Set(rows.map((row) => Number(row['version'])));
    for (const migration of migrations.filter(({ version }) => !applied.has(version))) {
      for (const statement of migration.up(dialect)) await tx.exec(statement);
      await tx.sql`INSERT INTO schema_migrations (version, name, applied_at)
        VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`;
    }
  });
}
