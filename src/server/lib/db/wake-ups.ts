import type pg from 'pg';

import { databaseUrl, useDatabase } from './database';

/** How often a SQLite process asks whether another process committed. */
const dataVersionMs = 100;

/** Stops a watch started by `watchCommits`. */
export type StopWatching = () => Promise<void>;

/**
 * Calls `wake` whenever a process (this one too) may have committed something a fan-out must
 * read, the way the todo event stream learns it (docs/live-updates.md, "Two wake-up paths"), and
 * once at the start, for what was committed before. PostgreSQL: a dedicated connection `LISTEN`s
 * on `channels` (a trigger's `pg_notify` names one, which `wake` is told) and reconnects every
 * second after a drop, waking once more when it is back. SQLite: `PRAGMA data_version`, which
 * moves when another connection commits to the file, and `total_changes()`, which counts this
 * process's own writes, are read every 100 ms: one tiny query, no table read; `wake` is told no
 * channel, since any table may have changed.
 */
export function watchCommits(
  channels: string | readonly string[],
  wake: (channel?: string) => void,
): StopWatching {
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
    current.on('notification', ({ channel }) => wake(channel));
    try {
      await current.connect();
      for (const channel of [channels].flat()) await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
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
  let seen: string | undefined;
  const timer = setInterval(() => {
    useDatabase()
      .then((db) => db.sql`SELECT data_version, total_changes() AS changes FROM pragma_data_version()`)
      .then(({ rows = [] }) => {
        const version = `${rows[0]?.['data_version']}:${rows[0]?.['changes']}`;
        if (version !== seen) wake();
        seen = version;
      })
      .catch(() => undefined);
  }, dataVersionMs);
  return async () => clearInterval(timer);
}
