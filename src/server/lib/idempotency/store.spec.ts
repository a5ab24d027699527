import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { migrate } from '../db/migrations';

// The store's statements against a real SQLite database in memory, migrated like the app's.
let db: Database;
vi.mock('../db', () => ({ useDatabase: async () => db }));
const { claimKey, findKey, keysHeld, keysStored, purgeIdempotencyKeys, releaseKey, storeResponse } =
  await import('./store');

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await migrate(db);
});

afterEach(() => db.dispose());

const at = (iso: string) => new Date(iso);
const response = { status: 201, headers: { location: '/x' }, body: '{"id":1}' };

describe('idempotency_keys', () => {
  it('lets exactly one of many concurrent claims of a key win', async () => {
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        claimKey('user:1', 'k', `claim ${n}`, 'f', at('2030-01-01T00:00:00Z'), {
          perCaller: 100,
          total: 1_000,
        }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(
      await claimKey('user:2', 'k', 'other caller', 'f', at('2030-01-01T00:00:00Z'), {
        perCaller: 100,
        total: 1_000,
      }),
    ).toBe(true);
  });

  it('stores the response under the claim that holds the key, and only that one', async () => {
    await claimKey('user:1', 'k', 'mine', null, at('2030-01-01T00:00:00Z'), { perCaller: 100, total: 1_000 });
    await storeResponse('user:1', 'k', 'not mine', 'f', response, at('2030-01-02T00:00:00Z'));
    expect(await findKey('user:1', 'k')).toMatchObject({ claim: 'mine', response_status: null });
    await storeResponse('user:1', 'k', 'mine', 'f', response, at('2030-01-02T00:00:00Z'));
    expect(await findKey('user:1', 'k')).toMatchObject({
      fingerprint: 'f',
      response_status: 201,
      response_headers: '{"location":"/x"}',
      response_body: '{"id":1}',
      expires_at: '2030-01-02T00:00:00.000Z',
    });
  });

  it('frees a released key for a new claim', async () => {
    await claimKey('user:1', 'k', 'first', null, at('2030-01-01T00:00:00Z'), {
      perCaller: 100,
      total: 1_000,
    });
    await releaseKey('user:1', 'k', 'first');
    expect(
      await claimKey('user:1', 'k', 'second', null, at('2030-01-01T00:00:00Z'), {
        perCaller: 100,
        total: 1_000,
      }),
    ).toBe(true);
  });

  it("refuses a claim past the caller's cap of unexpired keys; expired keys and other callers don't count", async () => {
    const until = at('2030-01-01T00:00:00Z');
    await claimKey('address:a', 'old', 'x', null, at('2026-01-01T00:00:00Z'), { perCaller: 3, total: 1_000 });
    for (const key of ['1', '2', '3'])
      expect(await claimKey('address:a', key, key, null, until, { perCaller: 3, total: 1_000 })).toBe(true);
    expect(await claimKey('address:a', '4', '4', null, until, { perCaller: 3, total: 1_000 })).toBe(false);
    expect(await keysHeld('address:a')).toBe(3);
    expect(await claimKey('address:b', '4', '4', null, until, { perCaller: 3, total: 1_000 })).toBe(true);
  });

  it('refuses a claim once the table holds its total for all callers, whoever asks', async () => {
    const until = at('2030-01-01T00:00:00Z');
    for (const caller of ['address:a', 'address:b', 'address:c'])
      expect(await claimKey(caller, 'k', 'c', null, until, { perCaller: 10, total: 3 })).toBe(true);
    expect(await claimKey('address:d', 'k', 'd', null, until, { perCaller: 10, total: 3 })).toBe(false);
    expect(await keysStored()).toBe(3);
  });

  it('purges the keys past their expiry and keeps the rest', async () => {
    await claimKey('user:1', 'expired', 'a', null, at('2026-01-01T00:00:00Z'), {
      perCaller: 100,
      total: 1_000,
    });
    await claimKey('user:1', 'live', 'b', null, at('2026-01-03T00:00:00Z'), { perCaller: 100, total: 1_000 });
    expect(await purgeIdempotencyKeys(at('2026-01-02T00:00:00Z'))).toBe(1);
    expect(await findKey('user:1', 'expired')).toBeUndefined();
    expect(await findKey('user:1', 'live')).toBeDefined();
    expect(await purgeIdempotencyKeys(at('2026-01-02T00:00:00Z'))).toBe(0);
  });
});
