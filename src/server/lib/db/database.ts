import { type Connector, createDatabase, type Database } from 'db0';
import { useRuntimeConfig } from 'nitropack/runtime';
import { mkdirSync } from 'node:fs';
import type pg from 'pg';

import { dataPath } from './data-dir';
import { migrate } from './migrations';
import { pooledPostgres, withConnection } from './postgres-pool';
import { sqliteDriver } from './sqlite-driver';

/** `DATABASE_URL`, when the app runs on PostgreSQL; the todo event stream listens there too. */
export const databaseUrl = (): string | undefined =>
  String(useRuntimeConfig()['databaseUrl'] ?? '') || undefined;

const tunings: ((connector: Connector) => Connector)[] = [];

/**
 * Applies `tuning` to every connection opened from now on (docs/tuning.md): a tuning recipe's Nitro plugin
 * calls this in its body, and the first connection waits until the plugins have run (`useDatabase`).
 */
export function tuneConnector(tuning: (connector: Connector) => Connector): void {
  tunings.push(tuning);
}

/**
 * The connector, chosen when the server starts (Nitro's own `useDatabase()` bakes its connector into the
 * build): with `DATABASE_URL`, PostgreSQL through a pool of `DATABASE_POOL_SIZE` connections (default 10),
 * for several processes or machines; else the SQLite file `$DATA_DIR/app.sqlite` through the driver
 * `sqliteDriver` picks: Node's own `node:sqlite` from Node 24.15, else better-sqlite3.
 */
async function connector(): Promise<Connector> {
  const url = databaseUrl();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgres:// URL');
    // Loaded here, not with the server: a server on SQLite has no use for the 13 MB pg holds.
    const { default: pg } = await import('pg');
    // Fixed size: by default pg-pool closes a connection idle for 10 s, arming a timer at every release.
    const max = useRuntimeConfig()['databasePoolSize'];
    const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 0 });
    // pg emits `error` when the server drops an idle connection; unheard, it would crash the process. The pool
    // opens a new one when needed, so the server outlives a database restart (a query meanwhile fails: 503).
    return pooledPostgres(pool.on('error', () => undefined));
  }
  mkdirSync(dataPath(), { recursive: true });
  // Only the driver picked is loaded: an app that runs on Node 24.15 or later need not install better-sqlite3.
  const { default: sqlite } =
    sqliteDriver() === 'node-sqlite'
      ? await import('db0/connectors/node-sqlite')
      : await import('db0/connectors/better-sqlite3');
  return sqlite({ path: dataPath('app.sqlite') });
}

/** A new connection, through the connector as every registered tuning changed it. */
const connect = async () => createDatabase(tunings.reduce((tuned, tune) => tune(tuned), await connector()));

/**
 * SQLite settings, in order: a writer waits up to 5 s for another process's write (first, so the switch to WAL
 * waits too: node:sqlite opens without any wait); WAL lets readers run beside the one writer, so `node-cluster`
 * workers share the file; SQLite enforces `REFERENCES` (and `ON DELETE CASCADE`) only with foreign keys on;
 * `synchronous = NORMAL` syncs the WAL at checkpoints only (README, "Data": a power loss may undo the last commits).
 */
const sqlitePragmas = { busy_timeout: 5000, journal_mode: 'WAL', foreign_keys: 'ON', synchronous: 'NORMAL' };

let current: { db: Promise<Database>; ready?: Promise<Database> } | undefined;

/**
 * The database, connected and migrated. After a failure (SQLite busy while a process starting beside this one
 * switches its journal mode, PostgreSQL unreachable) the next call tries again on the same connection: it is
 * never dropped while the server runs, as better-sqlite3 12 on Node 24 aborts the process when the garbage
 * collector finalizes a `Database` (`Assertion failed: (env) != nullptr`).
 */
export function useDatabase(): Promise<Database> {
  if (!current) {
    // A microtask later: Nitro runs its plugins in one synchronous pass, so by then every tuning plugin has
    // called `tuneConnector`, also one that runs after a plugin that asked for the database.
    const db = Promise.resolve().then(connect);
    current = { db };
    // A connector that could not be made at all (a malformed DATABASE_URL) is made afresh next time.
    db.catch(() => {
      if (current?.db === db) current = undefined;
    });
  }
  const connection = current;
  if (!connection.ready) {
    const ready = connection.db.then(open);
    connection.ready = ready;
    ready.catch(() => {
      if (connection.ready === ready) connection.ready = undefined;
    });
  }
  return connection.ready;
}

async function open(db: Database): Promise<Database> {
  if (db.dialect === 'postgresql') {
    // The migrations' transaction needs its statements on one connection, not spread over the pool.
    await withConnection((await db.getInstance()) as pg.Pool, migrate);
  } else {
    for (const [name, value] of Object.entries(sqlitePragmas)) await db.exec(`PRAGMA ${name} = ${value}`);
    await migrate(db);
  }
  return db;
}

/** Closes the database (the PostgreSQL pool, or the SQLite file) when the server shuts down (src/server/plugins/ops.ts). */
export async function closeDatabase(): Promise<void> {
  const db = current?.db;
  current = undefined;
  // A connection that never opened has nothing to close.
  await (await db?.catch(() => undefined))?.dispose();
}
