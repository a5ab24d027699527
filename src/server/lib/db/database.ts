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

/** Changes a tuning recipe makes to a connector, such as reusing its statements (docs/tuning.md). */
export type ConnectorTuning = (connector: Connector) => Connector;

const tunings: ConnectorTuning[] = [];

/**
 * Applies `tuning` to every connection opened from now on: a tuning recipe's Nitro plugin calls
 * this in its body, and the first connection waits until the plugins have run (`useDatabase`).
 * Without one, db0's connectors run as they ship.
 */
export function tuneConnector(tuning: ConnectorTuning): void {
  tunings.push(tuning);
}

/**
 * The SQL database that users and todos live in, chosen when the server starts (Nitro's own
 * `useDatabase()` bakes its connector into the build, so one build could not serve both):
 * - `DATABASE_URL=postgres://…`: PostgreSQL through a pool of `DATABASE_POOL_SIZE` connections
 *   (runtimeConfig `databasePoolSize`, default 10; `postgres-pool.ts`), for several processes or
 *   machines;
 * - otherwise one SQLite file, `$DATA_DIR/app.sqlite` (default `.data`), in WAL mode so
 *   `node-cluster` workers share it, through db0's connector for the driver `sqliteDriver` picks:
 *   Node's own `node:sqlite` from Node 24.15, else better-sqlite3.
 */
async function connector(): Promise<Connector> {
  const url = databaseUrl();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgres:// URL');
    // Loaded here, not with the server: a server on SQLite has no use for the 13 MB pg holds.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: url,
      max: useRuntimeConfig()['databasePoolSize'],
      // Fixed size: a connection stays open once opened. By default pg-pool closes one left idle
      // for 10 s, which arms a timer every time a query hands its connection back.
      idleTimeoutMillis: 0,
    });
    // pg emits `error` when the server drops an idle connection; unheard, it would crash the
    // process. The pool has already thrown that connection away and opens a new one when needed,
    // so the server recovers from a database restart by itself; a query meanwhile fails (503).
    pool.on('error', () => undefined);
    return pooledPostgres(pool);
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
const connect = async (): Promise<Database> => {
  const base = await connector();
  return createDatabase(tunings.reduce((tuned, tune) => tune(tuned), base));
};

/**
 * SQLite settings of the connection: a writer waits up to 5 s for another process's write instead
 * of failing (set first, so the switch to WAL waits too: node:sqlite opens without any wait), WAL
 * lets readers run beside the one writer, and `synchronous = NORMAL` syncs the WAL at checkpoints
 * only (see README, "Data": a power loss may undo the last commits, a process crash loses nothing).
 * SQLite enforces `REFERENCES` (and its `ON DELETE CASCADE`) only on a connection that turns
 * foreign keys on.
 */
const sqlitePragmas = [
  'PRAGMA busy_timeout = 5000',
  'PRAGMA journal_mode = WAL',
  'PRAGMA foreign_keys = ON',
  'PRAGMA synchronous = NORMAL',
];

let current: { db: Promise<Database>; ready?: Promise<Database> } | undefined;

/**
 * The database, connected and migrated. The first call connects and applies the migrations.
 * When that fails (SQLite busy while another process starting beside this one changes its
 * journal mode, PostgreSQL unreachable), the next call tries again on the same connection: it
 * is never closed and dropped while the server runs, since better-sqlite3 12 on Node 24 aborts
 * the process when the garbage collector finalizes a `Database` (`Assertion failed: (env) != nullptr`).
 */
export function useDatabase(): Promise<Database> {
  if (!current) {
    // A microtask later: Nitro runs its plugins in one synchronous pass, so by then every tuning
    // plugin has called `tuneConnector`, also one that runs after a plugin that asked for the database.
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
    for (const pragma of sqlitePragmas) await db.exec(pragma);
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
