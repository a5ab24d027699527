import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

import { useDatabase } from '../db';
import { releaseLease, renewLease, takeLease } from './lease';

export interface LeaseOptions {
  /**
   * How long the lease holds unless renewed. While `fn` runs it is renewed every third of it, so
   * only a holder that died or stalls that long lets another process in.
   */
  ttlMs: number;
  /** The start (epoch ms) of the round this run is for; each round runs once. Default: now. */
  round?: number;
}

/** Who is running: this machine and process, and a token of its own for this one run. */
export interface Lease {
  holder: string;
  /** Aborted when the lease is lost (a renewal found it taken over, or failed): stop between steps. */
  signal: AbortSignal;
}

/**
 * Runs `fn` only while this process holds the database lease `name`: at most one holder at a
 * time across every worker and instance that shares the database. Resolves to `fn`'s result, or
 * to `undefined` when another process holds the lease or already ran this `round`. The lease is
 * released when `fn` ends, even when it throws. Expiry is judged by each process's clock: keep
 * machines on NTP and `ttlMs` far above their skew.
 */
export async function withLease<T>(
  name: string,
  { ttlMs, round = Date.now() }: LeaseOptions,
  fn: (lease: Lease) => Promise<T>,
): Promise<T | undefined> {
  const db = await useDatabase();
  const holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  if (!(await takeLease(db, { name, holder, round, ttlMs, now: Date.now() }))) return undefined;
  const lost = new AbortController();
  const renewal = setInterval(() => {
    renewLease(db, name, holder, Date.now() + ttlMs).then(
      (held) => held || lost.abort(),
      () => lost.abort(),
    );
  }, ttlMs / 3);
  renewal.unref();
  try {
    return await fn({ holder, signal: lost.signal });
  } finally {
    clearInterval(renewal);
    await releaseLease(db, name, holder);
  }
}
