import betterSqlite3 from 'db0/connectors/better-sqlite3';
import nodeSqlite from 'db0/connectors/node-sqlite';

import { sqliteDriver } from '../../src/server/lib/db/sqlite-driver';

/**
 * The db0 connector for a spec that reads or writes a server's SQLite file: the driver the server
 * picks on this Node (`sqliteDriver`), node:sqlite with better-sqlite3's 5 s busy timeout. On Node 24,
 * better-sqlite3 12 aborts a Vitest worker when the garbage collector finalizes one of its objects
 * there (`RemoveEnvironmentCleanupHook`: `Assertion failed: (env) != nullptr`).
 */
export function sqliteConnector(options: { path: string }) {
  if (sqliteDriver() === 'better-sqlite3') return betterSqlite3(options);
  const connector = nodeSqlite(options);
  connector.exec('PRAGMA busy_timeout = 5000');
  return connector;
}
