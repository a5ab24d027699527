import type pg from 'pg';

import { databaseUrl, useDatabase } from './database';

/** Stops a watch started by `watchCommits`. */
export type StopWatching = () => Promise<void>;

/** A client that no longer reaches the watch, and whose late errors crash nothing. */
const silence = (client: pg.Client) => client.removeAllListeners().on('error', () => undefined);

/**
 * Calls `wake` whenever a process (this one too) may have committed something a fan-out must read, and once
 * at the start (docs/live-updates.md, "Two wake-up paths"). PostgreSQL: a dedicated connection `LISTEN`s on
 * `channels` (`wake` is told the one a trigger's `pg_notify` named) and reconnects every second after a drop,
 * waking once more when back. SQLite: `PRAGMA data_version` (moves on another connection's commit) and
 * `total_changes()` (this process's writes), one tiny query every 100 ms; `wake` is told no channel.
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
      silence(current)
        .end()
        .catch(() => undefined);
      if (!stopped) setTimeout(() => !stopped && connect(), 1_000).unref();
    };
    current.on('error', reconnect).on('notification', ({ channel }) => wake(channel));
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
    const last = client && silence(client);
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
  }, 100);
  return async () => clearInterval(timer);
}
