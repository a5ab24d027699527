import type pg from 'pg';

import { databaseUrl, useDatabase } from './database';

/** How often a SQLite process asks whether another process committed. */
const dataVersionMs = 100;

/** Stops a watch started by `watchCommits`. */
export type StopWatching = () => Promise<void>;

/**
 * Calls `wake` whenever another process may have committed something a fan-out must read, the
 * way the todo event stream learns it (docs/live-updates.md, "Two wake-up paths"), and once at
 * the start, for what was committed before. PostgreSQL: a dedicated connection `LISTEN`s on
 * `channel` (a trigger's `pg_notify` names it) and reconnects every second after a drop, waking
 * once more when it is back. SQLite: `PRAGMA data_version`, which moves when another connection
 * commits to the file, is read every 100 ms: one tiny query, no table read.
 */
export function watchCommits(channel: string, wake: () => void): StopWatching {
  const url = databaseUrl();
  if (!url) return watchDataVersion(wake);
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async () => {
    // Loaded with the first watch, not with the server: a server on SQLite has no use for pg.
    const { default: pg } = await import('pg');
    if (stopped) return;
    const current = new pg.Client({ connectionString: url });
    client = current;
    let dropped = false;
    const reconnect = () => {
      if (dropped) return;
      dropped = true;
      current.removeAllListeners();
      current.on('error', () => undefined);
      current.end().catch(() => undefined);
      if (!stopped) setTimeout(() => !stopped && connect(), 1_000).unref();
    };
    current.on('error', reconnect);
    current.on('notification', wake);
    try {
      await current.connect();
      await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      current.once('end', reconnect);
      wake();
    } catch {
      reconnect();
    }
  };
  connect().catch(() => undefined);
  return async () => {
    stopped = true;
    const last = client;
    last?.removeAllListeners();
    last?.on('error', () => undefined);
    // A connection still connecting may never report its end: a stop waits a second at most.
    const waited = new Promise((done) => setTimeout(done, 1_000).unref());
    await Promise.race([last?.end().catch(() => undefined), waited]);
  };
}

function watchDataVersion(wake: () => void): StopWatching {
  let seen: unknown;
  const timer = setInterval(() => {
    useDatabase()
      .then((db) => db.sql`SELECT data_version FROM pragma_data_version()`)
      .then(({ rows = [] }) => {
        const version = rows[0]?.['data_version'];
        if (version !== seen) wake();
        seen = version;
      })
      .catch(() => undefined);
  }, dataVersionMs);
  return async () => clearInterval(timer);
}
