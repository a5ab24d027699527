import type { Dialect, Migration } from './migration';

/** Epoch milliseconds pass 2³¹: PostgreSQL's INTEGER is 32-bit, SQLite's grows to 64 by itself. */
const epochMs: Record<Dialect, string> = { sqlite: 'INTEGER', postgresql: 'BIGINT' };

/**
 * Sign-in: an email and a password hash on `users` (the demo users have neither, so they can't
 * sign in), and the rate limiter's counters, one row per key (`sign-in:address:…`), shared by
 * every process that uses the database.
 */
export default {
  version: 3,
  name: 'credentials',
  up: (dialect) => [
    'ALTER TABLE users ADD COLUMN email TEXT CHECK (length(email) BETWEEN 3 AND 254)',
    'ALTER TABLE users ADD COLUMN password_hash TEXT',
    // Unique where set: any number of users without an email.
    'CREATE UNIQUE INDEX users_email ON users (email)',
    `CREATE TABLE rate_limits (
      key TEXT PRIMARY KEY,
      hits INTEGER NOT NULL,
      resets_at ${epochMs[dialect]} NOT NULL
    )`,
  ],
} satisfies Migration;
