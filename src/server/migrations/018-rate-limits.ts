import type { Dialect, Migration } from './migration';

/** Epoch milliseconds pass 2³¹: PostgreSQL's INTEGER is 32-bit, SQLite's grows to 64 by itself. */
const epochMs: Record<Dialect, string> = { sqlite: 'INTEGER', postgresql: 'BIGINT' };

/**
 * The rate limiter's counters (lib/rate-limit), one row per key (`sign-in:address:…`), shared by
 * every process that uses the database; the index lets `purgeRateLimits` find expired ones without
 * a full scan. `IF NOT EXISTS`: a database made before this file existed got both from migrations 3
 * and 10, which the sessions recipe owns.
 */
export default {
  version: 18,
  name: 'rate-limits',
  up: (dialect) => [
    `CREATE TABLE IF NOT EXISTS rate_limits (
      key TEXT PRIMARY KEY,
      hits INTEGER NOT NULL,
      resets_at ${epochMs[dialect]} NOT NULL
    )`,
    'CREATE INDEX IF NOT EXISTS rate_limits_resets_at ON rate_limits (resets_at)',
  ],
} satisfies Migration;
