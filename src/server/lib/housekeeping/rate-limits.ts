import { useDatabase } from '../database';

/** Rows per DELETE: each batch is a short write, so sign-ins never queue long behind a purge. */
const batchSize = 1000;

/**
 * Deletes the `rate_limits` counters whose window has passed (`resets_at`): such a counter
 * restarts at its key's next attempt anyway (lib/rate-limit.ts), so it only takes up room.
 * Batch by batch, until none is left or the run's lease is lost.
 */
export async function purgeExpiredRateLimits(signal: AbortSignal): Promise<number> {
  const db = await useDatabase();
  let purged = 0;
  for (;;) {
    const { rows = [] } = await db.sql`
      DELETE FROM rate_limits WHERE key IN (
        SELECT key FROM rate_limits WHERE resets_at <= ${Date.now()} LIMIT ${batchSize}
      ) RETURNING key`;
    purged += rows.length;
    if (rows.length < batchSize || signal.aborted) return purged;
  }
}
