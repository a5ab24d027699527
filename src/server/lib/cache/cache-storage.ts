import type { Database } from 'db0';
import { defineDriver } from 'unstorage';

/** The `mtime` of a Nitro cache entry (JSON text), when the value is one. */
function entryTime(value: string): number | undefined {
  try {
    const mtime = (JSON.parse(value) as { mtime?: unknown } | null)?.mtime;
    return typeof mtime === 'number' ? mtime : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Nitro's `cache:` storage in the app's SQL database (table `cache_entries`, migration 004):
 * every `node-cluster` worker and every server on the same PostgreSQL reads the one copy, so an
 * invalidation in one process reaches them all. Nitro's default `cache:` lives in each process's
 * memory: a worker would never hear of another worker's invalidation. unstorage's own `db0`
 * driver binds one connection when mounted; this one asks `useDatabase` (the plugin passes the
 * app's) each time, so it follows a reconnect.
 */
export const databaseCacheDriver = defineDriver((useDatabase: () => Promise<Database>) => ({
  name: 'app-database',
  async hasItem(key) {
    const db = await useDatabase();
    const { rows = [] } = await db.sql`SELECT 1 AS found FROM cache_entries
      WHERE key = ${key} AND removed_at IS NULL`;
    return rows.length > 0;
  },
  async getItem(key) {
    const db = await useDatabase();
    const { rows = [] } =
      await db.sql`SELECT value FROM cache_entries WHERE key = ${key} AND removed_at IS NULL`;
    return rows[0]?.['value'] ?? null;
  },
  /**
   * Nitro computes an answer, responds, and only then writes the entry (through `event.waitUntil`).
   * A write that lands after a removal (a todo was added meanwhile) would bring the old answer back
   * for its whole lifetime, so an entry computed (`mtime`) before the key's last removal is refused.
   */
  async setItem(key, value) {
    const computedAt = entryTime(value) ?? Date.now();
    const db = await useDatabase();
    await db.sql`INSERT INTO cache_entries (key, value) VALUES (${key}, ${value})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value, removed_at = NULL
      WHERE cache_entries.removed_at IS NULL OR cache_entries.removed_at < ${computedAt}`;
  },
  /** Leaves a tombstone with the time, for `setItem` to refuse answers computed before it. */
  async removeItem(key) {
    const db = await useDatabase();
    await db.sql`INSERT INTO cache_entries (key, value, removed_at) VALUES (${key}, '', ${Date.now()})
      ON CONFLICT (key) DO UPDATE SET value = '', removed_at = excluded.removed_at`;
  },
  // Keys under `base` are compared as text: `LIKE` would read `_` and `%` in a key as wildcards.
  async getKeys(base) {
    const db = await useDatabase();
    const { rows = [] } = await db.sql`SELECT key FROM cache_entries
      WHERE substr(key, 1, ${base.length}) = ${base} AND removed_at IS NULL`;
    return rows.map((row) => String(row['key']));
  },
}));
