import { defineDriver } from 'unstorage';

import { useDatabase } from '../db';

/**
 * Nitro's `cache:` storage in the app's SQL database (table `cache_entries`, migration 004):
 * every `node-cluster` worker and every server on the same PostgreSQL reads the one copy, so an
 * invalidation in one process reaches them all. Nitro's default `cache:` lives in each process's
 * memory: a worker would never hear of another worker's invalidation. unstorage's own `db0`
 * driver binds one connection when mounted; this one asks `useDatabase()` each time, so it
 * follows a reconnect.
 */
export const databaseCacheDriver = defineDriver(() => ({
  name: 'app-database',
  async hasItem(key) {
    const db = await useDatabase();
    const { rows = [] } = await db.sql`SELECT 1 AS found FROM cache_entries WHERE key = ${key}`;
    return rows.length > 0;
  },
  async getItem(key) {
    const db = await useDatabase();
    const { rows = [] } = await db.sql`SELECT value FROM cache_entries WHERE key = ${key}`;
    return rows[0]?.['value'] ?? null;
  },
  async setItem(key, value) {
    const db = await useDatabase();
    await db.sql`INSERT INTO cache_entries (key, value) VALUES (${key}, ${value})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
  },
  async removeItem(key) {
    const db = await useDatabase();
    await db.sql`DELETE FROM cache_entries WHERE key = ${key}`;
  },
  // Keys under `base` are compared as text: `LIKE` would read `_` and `%` in a key as wildcards.
  async getKeys(base) {
    const db = await useDatabase();
    const { rows = [] } = await db.sql`SELECT key FROM cache_entries
      WHERE substr(key, 1, ${base.length}) = ${base}`;
    return rows.map((row) => String(row['key']));
  },
}));
