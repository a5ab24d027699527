import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Driver, createStorage, defineDriver } from 'unstorage';
import memoryDriver from 'unstorage/drivers/memory';
import { afterEach, describe, expect, it } from 'vitest';

import { atomicFsDriver } from './atomic-fs-driver';
import { createGroupCommit } from './group-commit';

/**
 * The memory driver, recording each write it stores. `failWrites` makes writes throw,
 * `failKey` one key's, and `failReads` that many reads; `onWrite` is called as each write starts.
 */
function recordingStorage() {
  const inner = memoryDriver() as Driver;
  const writes: string[] = [];
  const state = { failWrites: false, failKey: '', failReads: 0, onWrite: (key: string): void => void key };
  const driver = defineDriver(() => ({
    ...inner,
    name: 'recording-memory',
    async getItem(key: string) {
      if (state.failReads > 0) {
        state.failReads -= 1;
        throw new Error('read failed');
      }
      return inner.getItem(key, {});
    },
    async setItem(key: string, value: string) {
      state.onWrite(key);
      await new Promise((tick) => setTimeout(tick, 2)); // a write takes a while, as on disk
      if (state.failWrites || key === state.failKey) throw new Error('disk full');
      writes.push(`${key}=${value}`);
      await inner.setItem!(key, value, {});
    },
  }));
  const storage = createStorage({ driver: driver({}) });
  return { storage, writes, state, transaction: createGroupCommit(() => storage) };
}

describe('createGroupCommit', () => {
  it('runs transactions in arrival order, each seeing the writes before it', async () => {
    const { storage, transaction } = recordingStorage();
    await storage.setItem('counter', 0);
    const increment = () =>
      transaction(async (tx) => {
        const next = ((await tx.get<number>('counter')) ?? 0) + 1;
        tx.set('counter', next);
        return next;
      });
    const results = await Promise.all(Array.from({ length: 200 }, increment));
    expect(results).toEqual(Array.from({ length: 200 }, (_, n) => n + 1));
    expect(await storage.getItem('counter')).toBe(200);
  });

  it('stores a batch with one write per key, holding its final value', async () => {
    const { writes, transaction } = recordingStorage();
    const rename = (name: string) => transaction(async (tx) => tx.set('user', { name }));
    await Promise.all(['a', 'b', 'c', 'd'].map(rename));
    // `a` found the queue idle and went alone; `b`, `c` and `d` queued behind it and share a write.
    expect(writes).toEqual(['user={"name":"a"}', 'user={"name":"d"}']);
  });

  it('resolves a transaction only once storage holds what it wrote', async () => {
    const { storage, transaction } = recordingStorage();
    await transaction(async (tx) => tx.set('greeting', 'hello'));
    expect(await storage.getItem('greeting')).toBe('hello');
  });

  it('rejects a transaction that throws, and keeps none of its writes', async () => {
    const { storage, transaction } = recordingStorage();
    const failing = transaction(async (tx) => {
      tx.set('a', 'from the failed transaction');
      throw new Error('not allowed');
    });
    const passing = transaction(async (tx) => {
      tx.set('b', `a was ${await tx.get('a')}`);
    });
    await expect(failing).rejects.toThrow('not allowed');
    await passing;
    expect(await storage.getItem('a')).toBeNull();
    expect(await storage.getItem('b')).toBe('a was null');
  });

  it('rejects every transaction of a batch whose write fails, then reads storage afresh', async () => {
    const { storage, state, transaction } = recordingStorage();
    await storage.setItem('count', 1);
    state.failWrites = true;
    const batch = [1, 2].map(() =>
      transaction(async (tx) => tx.set('count', ((await tx.get<number>('count')) ?? 0) + 10)),
    );
    for (const outcome of batch) await expect(outcome).rejects.toThrow('disk full');
    state.failWrites = false;
    const after = await transaction(async (tx) => {
      const count = (await tx.get<number>('count')) ?? 0;
      tx.set('count', count + 1);
      return count;
    });
    expect(after).toBe(1);
    expect(await storage.getItem('count')).toBe(2);
  });

  it('reads again what a batch that failed halfway may have written', async () => {
    const { storage, state, transaction } = recordingStorage();
    await storage.setItem('a', 1);
    state.failKey = 'c';
    const first = transaction(async (tx) => tx.set('b', await tx.get('a'))); // reads a = 1
    const halfway = transaction(async (tx) => {
      tx.set('a', 5); // stored
      tx.set('c', 'lost'); // fails, so the batch fails
    });
    let later: Promise<unknown> | undefined;
    state.onWrite = (key) => {
      if (key === 'c') later = transaction(async (tx) => tx.get('a')); // queued while `halfway` is written
    };
    await first;
    await expect(halfway).rejects.toThrow('disk full');
    expect(await later).toBe(5);
  });

  it('reads a key again after a read of it failed', async () => {
    const { storage, state, transaction } = recordingStorage();
    await storage.setItem('a', 'here');
    const first = transaction(async (tx) => tx.set('b', 'slow write')); // the others queue behind it
    state.failReads = 1;
    const [failed, retried] = [1, 2].map(() => transaction(async (tx) => tx.get('a')));
    await first;
    await expect(failed).rejects.toThrow('read failed');
    expect(await retried).toBe('here');
  });

  it('removes keys, and later transactions read them as null', async () => {
    const { storage, transaction } = recordingStorage();
    await storage.setItem('doomed', 'here');
    const [, seen] = await Promise.all([
      transaction(async (tx) => tx.remove('doomed')),
      transaction(async (tx) => tx.get('doomed')),
    ]);
    expect(seen).toBeNull();
    expect(await storage.hasItem('doomed')).toBe(false);
  });
});

describe('createGroupCommit on the atomic fs driver', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('leaves the last of 100 concurrent renames on disk', async () => {
    const base = mkdtempSync(join(tmpdir(), 'group-commit-'));
    dirs.push(base);
    const storage = createStorage({ driver: atomicFsDriver({ base }) });
    const transaction = createGroupCommit(() => storage);
    await Promise.all(
      Array.from({ length: 100 }, (_, n) => transaction(async (tx) => tx.set('users:1', { id: 1, n }))),
    );
    expect(JSON.parse(readFileSync(join(base, 'users/1'), 'utf8'))).toEqual({ id: 1, n: 99 });
  });
});
