import type { Dialect, Migration } from './migration';

/** Epoch milliseconds pass 2³¹: PostgreSQL's INTEGER is 32-bit, SQLite's grows to 64 by itself. */
const epochMs: Record<Dialect, string> = { sqlite: 'INTEGER', postgresql: 'BIGINT' };

/**
 * Sessions the server can end (lib/auth/sessions.ts): one row per signed-in browser, keyed by the
 * random id sealed in its cookie. Signing out deletes the row, so a copied cookie stops working in
 * every process at once. Deleting a user deletes their sessions (better-sqlite3 turns SQLite's
 * foreign keys on, PostgreSQL always has them).
 */
export default {
  version: 10,
  name: 'sessions',
  up: (dialect) => [
    `CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at ${epochMs[dialect]} NOT NULL,
      expires_at ${epochMs[dialect]} NOT NULL
    )`,
    'CREATE INDEX sessions_user_id ON sessions (user_id)',
    'CREATE INDEX sessions_expires_at ON sessions (expires_at)',
  ],
} satisfies Migration;
