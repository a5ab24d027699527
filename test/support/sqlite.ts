import betterSqlite3 from 'db0/connectors/better-sqlite3';
import nodeSqlite from 'db0/connectors/node-sqlite';

/**
 * The db0 connector for a spec that reads or writes a server's SQLite file: Node's own `node:sqlite`
 * where Node has it (22.5 and later), with better-sqlite3's 5 s busy timeout, and better-sqlite3 on
 * Node 20. On Node 24, better-sqlite3 12 aborts a Vitest worker when the garbage collector finalizes
 * one of its objects there (`RemoveEnvironmentCleanupHook`: `Assertion failed: (env) != nullptr`).
 */
export function sqliteConnector(options: { path: string }) {
  if (!process.getBuiltinModule?.('node:sqlite')) return betterSqlite3(options);
  const connector = nodeSqlite(options);
  connector.exec('PRAGMA busy_timeout = 5000');
  return connector;
}
