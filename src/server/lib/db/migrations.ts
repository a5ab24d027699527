import type { Database } from 'db0';

import { migrations } from '../../migrations';
import type { Dialect } from '../../migrations/migration';

/**
 * Runs `work` in one transaction that holds the write lock from its start, so processes starting
 * together migrate one after the other: SQLite's `BEGIN IMMEDIATE` takes it at once, PostgreSQL
 * takes an advisory lock. db0 has no transaction API, so `db` must send every statement over one
 * connection: the SQLite connector has only one (and no request reaches it before the migrations
 * are done), on PostgreSQL `database.ts` passes one connection checked out of the pool.
 */
async function inTransaction(db: Database, dialect: Dialect, work: () => Promise<void>): Promise<void> {
  await db.exec(dialect === 'sqlite' ? 'BEGIN IMMEDIATE' : 'BEGIN');
  try {
    if (dialect === 'postgresql') await db.exec('SELECT pg_advisory_xact_lock(20261123)');
    await work();
    await db.exec('COMMIT');
  } catch (error) {
    try {
      await db.exec('ROLLBACK');
    } catch {
      // A broken connection took the transaction with it.
    }
    throw error;
  }
}

/**
 * Applies the migrations this database has not seen, all in one transaction: either every one
 * is applied and recorded in `schema_migrations`, or none is.
 */
export function migrate(db: Database): Promise<void> {
  const dialect: Dialect = db.dialect === 'postgresql' ? 'postgresql' : 'sqlite';
  return inTransaction(db, dialect, async () => {
    await db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const { rows = [] } = await db.sql`SELECT version FROM schema_migrations`;
    const applied = new Set(rows.map((row) => Number(row['version'])));
    for (const migration of migrations.filter(({ version }) => !applied.has(version))) {
      for (const statement of migration.up(dialect)) await db.exec(statement);
      await db.sql`INSERT INTO schema_migrations (version, name, applied_at)
        VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`;
    }
  });
}
