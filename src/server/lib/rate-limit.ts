import { type H3Event, createError, setResponseHeaders } from 'h3';

import { useDatabase } from './db';
import { clientAddress } from '../../modules/security/runtime';

/** At most `limit` failed attempts per `windowSeconds`, per client address and per account. */
export interface AttemptPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

interface Counter {
  key: string;
  hits: number;
  resets_at: number | string;
}

/**
 * Counts one attempt against the client's address and against `account`, in one atomic upsert
 * that every process sharing the database sees: a key's window starts at its first attempt and
 * restarts once it has passed. Over the limit on either key, throws 429 with `Retry-After` and the
 * IETF `RateLimit-Policy` and `RateLimit` headers (draft-ietf-httpapi-ratelimit-headers).
 * Resolves to `refund`: call it when the attempt succeeded, so only failures count.
 */
export async function countAttempt(
  event: H3Event,
  policy: AttemptPolicy,
  account: string,
): Promise<() => Promise<void>> {
  const keys = [`${policy.name}:address:${clientAddress(event)}`, `${policy.name}:account:${account}`];
  const now = Date.now();
  const resetsAt = now + policy.windowSeconds * 1000;
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: Counter[] }>`
    INSERT INTO rate_limits (key, hits, resets_at) VALUES (${keys[0]}, 1, ${resetsAt}), (${keys[1]}, 1, ${resetsAt})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.resets_at <= ${now} THEN 1 ELSE rate_limits.hits + 1 END,
      resets_at = CASE WHEN rate_limits.resets_at <= ${now} THEN excluded.resets_at ELSE rate_limits.resets_at END
    RETURNING key, hits, resets_at`;
  const over = rows.filter((row) => Number(row.hits) > policy.limit);
  if (over.length) {
    // pg answers BIGINT as text.
    const seconds = Math.ceil((Math.max(...over.map((row) => Number(row.resets_at))) - now) / 1000);
    setResponseHeaders(event, {
      'retry-after': seconds,
      'ratelimit-policy': `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
      ratelimit: `"${policy.name}";r=0;t=${seconds}`,
    });
    throw createError({
      statusCode: 429,
      statusMessage: 'Too Many Requests',
      message: `Too many attempts; try again in ${seconds} seconds`,
    });
  }
  return async () => {
    await db.sql`UPDATE rate_limits SET hits = hits - 1 WHERE key IN (${keys[0]}, ${keys[1]}) AND hits > 0`;
  };
}
