import type { Database } from 'db0';

import { migrations } from '#migrations';

import type { Dialect, Migration } from '../../migrations/migration';

/**
 * Runs `work` in one transaction that holds the write lock from its start, so processes starting together
 * migrate one after the other: SQLite's `BEGIN IMMEDIATE` takes it at once, PostgreSQL an advisory lock.
 * db0 has no transaction API, so `db` must send every statement over one connection: the SQLite connector
 * has only one (no request reaches it before the migrations are done); on PostgreSQL `database.ts` passes
 * one connection checked out of the pool.
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

/** The migrations in version order; two files of one version are a mistake the server must not start with. */
function inOrder(list: readonly Migration[]): Migration[] {
  const sorted = [...list].sort((a, b) => a.version - b.version);
  const twice = sorted.find(({ version }, index) => sorted[index + 1]?.version === version);
  if (twice) throw new Error(`Two migrations have version ${twice.version}; give one the next free number`);
  return sorted;
}

/**
 * Applies the migrations this database has not seen (by default every file in src/server/migrations, found
 * when the server was built), all in one transaction: every one is applied and recorded, or none is.
 */
export function migrate(db: Database, list: readonly Migration[] = migrations): Promise<void> {
  const dialect: Dialect = db.dialect === 'postgresql' ? 'postgresql' : 'sqlite';
  return inTransaction(db, dialect, async () => {
    await db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    const { rows = [] } = await db.sql`SELECT version FROM schema_migrations`;
    const applied = new Set(rows.map((row) => Number(row['version'])));
    for (const migration of inOrder(list).filter(({ version }) => !applied.has(version))) {
      for (const statement of migration.up(dialect)) await db.exec(statement);
      await db.sql`INSERT INTO schema_migrations (version, name, applied_at)
        VALUES (${migration.version}, ${migration.name}, ${new Date().toISOString()})`;
    }
  });
}
