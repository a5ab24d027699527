import { type Database, createDatabase } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import nodeSqlite from 'db0/connectors/node-sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

import { hashPassword } from '../../src/server/lib/auth/passwords';
import { migrate } from '../../src/server/lib/db/migrations';
import { withConnection } from '../../src/server/lib/db/postgres-pool';

/**
 * Creates `account` in the database a server is about to start on (`DATABASE_URL`, else the
 * SQLite file in `DATA_DIR`), migrated first as the server would, and leaves an existing one as it
 * is: for an account the server must find at start, such as an admin of `ADMIN_EMAILS`.
 */
export async function createAccountBeforeStart(
  env: Record<string, string | undefined>,
  account: { email: string; name: string; password: string },
): Promise<void> {
  const hash = await hashPassword(account.password);
  const create = async (db: Database) => {
    await migrate(db);
    await db.sql`INSERT INTO users (name, email, password_hash) VALUES (${account.name}, ${account.email}, ${hash})
      ON CONFLICT (email) DO NOTHING`;
  };
  const url = env['DATABASE_URL'];
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await withConnection(pool, create);
    } finally {
      await pool.end();
    }
    return;
  }
  const dataDir = env['DATA_DIR'] ?? '.data';
  mkdirSync(dataDir, { recursive: true });
  // Node's own SQLite where there is one (22.5 and later): on Node 24 a better-sqlite3 handle opened
  // here aborted the Vitest worker once collected (`RemoveEnvironmentCleanupHook`: no environment).
  const connector = process.getBuiltinModule?.('node:sqlite') ? nodeSqlite : betterSqlite3;
  const db = createDatabase(connector({ path: join(dataDir, 'app.sqlite') }));
  try {
    // The server's own journal mode, set before it opens the file.
    await db.exec('PRAGMA journal_mode = WAL');
    await create(db);
  } finally {
    await db.dispose();
  }
}
