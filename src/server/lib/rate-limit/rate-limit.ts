import { type H3Event, createError, setResponseHeaders } from 'h3';

import { useDatabase } from '../db';
import { addressCallerKey } from '../../../modules/request';

/** At most `limit` counted attempts per `windowSeconds` on one counter. */
export interface AttemptPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** A policy that never refuses: it only counts, for a caller that slows down instead (see `sign-in.ts`). */
export const countOnly = 2 ** 31 - 1;

/** One counter an attempt is counted on: its policy, and whose it is (`address:10.0.0.1`). */
export type AttemptCounter = { policy: AttemptPolicy; key: string };

/** An attempt that was let through. */
export interface Attempt {
  /** Each counter's attempts in its window, this one included, in the order they were given. */
  hits: number[];
  /** Takes this attempt back off the counters of `policies` (all, without any): it succeeded. */
  refund: (...policies: AttemptPolicy[]) => Promise<void>;
}

const rowKey = ({ policy, key }: AttemptCounter) => `${policy.name}:${key}`;

/**
 * Counts one attempt on each counter, or on none: a counter at its limit refuses the attempt with
 * 429, `Retry-After` and the IETF `RateLimit-Policy` and `RateLimit` headers
 * (draft-ietf-httpapi-ratelimit-headers), and the counters already taken are given back, so an
 * attempt that was refused never counts. Each count is one atomic upsert that every process
 * sharing the database sees (a counter's window starts at its first attempt and restarts once it
 * has passed), and it only counts below the limit, so 10 concurrent attempts on a limit of 5 let
 * exactly 5 through.
 */
export async function takeAttempt(event: H3Event, counters: readonly AttemptCounter[]): Promise<Attempt> {
  const db = await useDatabase();
  const now = Date.now();
  const hits: number[] = [];
  const refund = async (...policies: AttemptPolicy[]) => {
    for (const counter of counters.slice(0, hits.length))
      if (!policies.length || policies.includes(counter.policy))
        await db.sql`UPDATE rate_limits SET hits = hits - 1 WHERE key = ${rowKey(counter)} AND hits > 0`;
  };
  for (const counter of counters) {
    const { policy } = counter;
    const { rows } = await db.sql<{ rows: { hits: number }[] }>`
      INSERT INTO rate_limits (key, hits, resets_at) VALUES (${rowKey(counter)}, 1, ${now + policy.windowSeconds * 1000})
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limits.resets_at <= ${now} THEN 1 ELSE rate_limits.hits + 1 END,
        resets_at = CASE WHEN rate_limits.resets_at <= ${now} THEN excluded.resets_at ELSE rate_limits.resets_at END
      WHERE rate_limits.resets_at <= ${now} OR rate_limits.hits < ${policy.limit}
      RETURNING hits`;
    if (!rows.length) {
      await refund();
      throw await tooManyAttempts(event, counter, now);
    }
    hits.push(Number(rows[0].hits));
  }
  return { hits, refund };
}

/** The 429 for a counter at its limit, with the headers that say when it resets. */
async function tooManyAttempts(event: H3Event, counter: AttemptCounter, now: number) {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: { resets_at: number | string }[] }>`
    SELECT resets_at FROM rate_limits WHERE key = ${rowKey(counter)}`;
  // pg answers BIGINT as text.
  const seconds = Math.max(1, Math.ceil((Number(rows[0]?.resets_at ?? now) - now) / 1000));
  const { name, limit, windowSeconds } = counter.policy;
  setResponseHeaders(event, {
    'retry-after': seconds,
    'ratelimit-policy': `"${name}";q=${limit};w=${windowSeconds}`,
    ratelimit: `"${name}";r=0;t=${seconds}`,
  });
  const message = `Too many attempts; try again in ${seconds} seconds`;
  return createError({ statusCode: 429, statusMessage: 'Too Many Requests', message });
}

/**
 * Counts one attempt against the client's address (`addressCallerKey`: an IPv6 address by its /64)
 * and against `account` under one `policy`; over the limit on either, 429 (see `takeAttempt`).
 */
export function countAttempt(event: H3Event, policy: AttemptPolicy, account: string): Promise<Attempt> {
  return takeAttempt(event, [
    { policy, key: addressCallerKey(event) },
    { policy, key: `account:${account}` },
  ]);
}

/** Rows per DELETE: each batch is a short write, so sign-ins never queue long behind a purge. */
const purgeBatch = 1000;

/**
 * Deletes the counters whose window ended by `now`: they count nothing any more (the next attempt
 * would restart them). For the housekeeping task, batch by batch until none is left or `signal`
 * aborts (the task lost its lease); answers how many rows went.
 */
export async function purgeRateLimits(now = Date.now(), signal?: AbortSignal): Promise<number> {
  const db = await useDatabase();
  let purged = 0;
  for (;;) {
    const { rows = [] } = await db.sql`
      DELETE FROM rate_limits WHERE key IN (
        SELECT key FROM rate_limits WHERE resets_at <= ${now} LIMIT ${purgeBatch}
      ) RETURNING key`;
    purged += rows.length;
    if (rows.length < purgeBatch || signal?.aborted) return purged;
  }
}
