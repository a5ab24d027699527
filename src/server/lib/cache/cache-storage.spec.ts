import { type Database, createDatabase } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { createStorage } from 'unstorage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { databaseCacheDriver } from './cache-storage';
import { migrate } from '../db/migrations';

let db: Database;
const storage = () => createStorage({ driver: databaseCacheDriver(async () => db) });
const entry = (value: string, mtime: number) => ({ value, mtime, expires: mtime + 60_000 });

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await migrate(db);
});

afterEach(() => db.dispose());

describe('databaseCacheDriver', () => {
  it('stores, reads, lists and removes an entry', async () => {
    const cache = storage();
    await cache.setItem('nitro:handlers:a.json', entry('one', Date.now()));
    expect(await cache.getItem('nitro:handlers:a.json')).toMatchObject({ value: 'one' });
    expect(await cache.getKeys('nitro:handlers')).toEqual(['nitro:handlers:a.json']);
    await cache.removeItem('nitro:handlers:a.json');
    expect(await cache.getItem('nitro:handlers:a.json')).toBeNull();
    expect(await cache.hasItem('nitro:handlers:a.json')).toBe(false);
    expect(await cache.getKeys('nitro:handlers')).toEqual([]);
  });

  it('refuses an answer computed before the last removal, which would undo it', async () => {
    const cache = storage();
    const computed = Date.now() - 5;
    await cache.removeItem('nitro:handlers:a.json');
    await cache.setItem('nitro:handlers:a.json', entry('stale', computed));
    expect(await cache.getItem('nitro:handlers:a.json')).toBeNull();
  });

  it('takes an answer computed after the last removal', async () => {
    const cache = storage();
    await cache.removeItem('nitro:handlers:a.json');
    await cache.setItem('nitro:handlers:a.json', entry('fresh', Date.now() + 5));
    expect(await cache.getItem('nitro:handlers:a.json')).toMatchObject({ value: 'fresh' });
  });
});
