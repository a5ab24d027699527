import { type Database, createDatabase } from 'db0';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

import { hashPassword } from '../../src/server/lib/auth/passwords';
import { migrate } from '../../src/server/lib/db/migrations';
import { withConnection } from '../../src/server/lib/db/postgres-pool';
import { sqliteConnector } from './sqlite';

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
    await db.sql`INSERT INTO users (name, email, password_hash, created_at)
      VALUES (${account.name}, ${account.email}, ${hash}, ${Date.now()}) ON CONFLICT (email) DO NOTHING`;
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
  const db = createDatabase(sqliteConnector({ path: join(dataDir, 'app.sqlite') }));
  try {
    // The server's own journal mode, set before it opens the file.
    await db.exec('PRAGMA journal_mode = WAL');
    await create(db);
  } finally {
    await db.dispose();
  }
}
