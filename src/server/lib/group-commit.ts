import type { Storage, StorageValue } from 'unstorage';

/**
 * What a transaction reads and writes: reads see its own and its batch's earlier writes.
 * Values are shared with the other transactions of the batch: replace them, never mutate them.
 */
export interface Transaction {
  get<T>(key: string): Promise<T | null>;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

interface Queued {
  run: (tx: Transaction) => Promise<unknown>;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/** Marks a key that a transaction removed. */
const removed = Symbol('removed');

/**
 * Group commit: runs read-modify-write transactions on one storage one at a time, in arrival
 * order, and stores them in batches.
 *
 * While a batch is being written, new transactions queue. They then run together against the
 * latest state, and each key they touched is written once, with its final value. A transaction
 * resolves only after its batch is stored, so no response reports a write that is still in
 * flight, and a transaction that throws leaves nothing behind. Fifty concurrent renames of one
 * user cost a few file writes, not fifty.
 *
 * The order is kept within one process. Several instances writing one store need the store's
 * own transactions (a database) instead.
 */
export function createGroupCommit(storage: () => Storage) {
  let queue: Queued[] = [];
  let draining = false;

  async function drain() {
    draining = true;
    // What storage holds for the keys this run of batches has read or written: a key is read
    // from storage once per run, however many batches follow each other without a pause.
    const stored = new Map<string, Promise<unknown>>();
    while (queue.length) {
      const batch = queue;
      queue = [];
      try {
        await commitBatch(storage(), batch, stored);
      } catch (error) {
        // Only getting the storage can throw here: fail this batch, and keep the queue moving.
        for (const entry of batch) entry.reject(error);
      }
    }
    draining = false;
  }

  return function transaction<R>(run: (tx: Transaction) => Promise<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      queue.push({ run, resolve: resolve as (result: unknown) => void, reject });
      if (!draining) void drain();
    });
  };
}

/** Runs one batch in order, then writes what it changed; never throws. */
async function commitBatch(storage: Storage, batch: Queued[], stored: Map<string, Promise<unknown>>) {
  const changes = new Map<string, unknown>();
  const done: { result: unknown; entry: Queued }[] = [];
  for (const entry of batch) {
    const own = new Map<string, unknown>();
    const tx: Transaction = {
      get: async <T>(key: string) => {
        const value = own.has(key) ? own.get(key) : changes.has(key) ? changes.get(key) : readOnce(key);
        const resolved = await value;
        return resolved === removed ? null : (resolved as T | null);
      },
      set: (key, value) => void own.set(key, value),
      remove: (key) => void own.set(key, removed),
    };
    try {
      const result = await entry.run(tx);
      for (const [key, value] of own) changes.set(key, value);
      done.push({ result, entry });
    } catch (error) {
      entry.reject(error);
    }
  }
  try {
    await Promise.all(
      [...changes].map(([key, value]) =>
        value === removed ? storage.removeItem(key) : storage.setItem(key, value as StorageValue),
      ),
    );
    for (const [key, value] of changes) stored.set(key, Promise.resolve(value === removed ? null : value));
    for (const { result, entry } of done) entry.resolve(result);
  } catch (error) {
    stored.clear(); // what reached storage is unknown now: read it again
    for (const { entry } of done) entry.reject(error);
  }

  function readOnce(key: string): Promise<unknown> {
    if (!stored.has(key)) {
      const read = storage.getItem(key);
      read.catch(() => stored.delete(key)); // a failed read is tried again by the next reader
      stored.set(key, read);
    }
    return stored.get(key)!;
  }
}
