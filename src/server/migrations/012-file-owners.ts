import type { Dialect, Migration } from './migration';

/** Byte counts pass 2³¹ with a large quota: PostgreSQL's INTEGER is 32-bit, SQLite's grows to 64 by itself. */
const bigInteger: Record<Dialect, string> = { sqlite: 'INTEGER', postgresql: 'BIGINT' };

/**
 * Files belong to an account (lib/uploads/): deleting the account deletes its rows by
 * `ON DELETE CASCADE`, and the purge then removes their bytes. `file_usage` is each owner's quota
 * counter, files and bytes stored or being uploaded, one row an upload reserves in.
 * The files uploaded before had no owner: their rows go, so only their owner-less bytes are
 * left, for the purge.
 */
export default {
  version: 12,
  name: 'file-owners',
  up: (dialect) => [
    'DROP TABLE files',
    `CREATE TABLE files (
      id TEXT PRIMARY KEY,
      owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      type TEXT NOT NULL,
      size INTEGER NOT NULL,
      created_at TEXT NOT NULL
    )`,
    'CREATE INDEX files_owner ON files (owner_id, created_at, id)',
    `CREATE TABLE file_usage (
      owner_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      files INTEGER NOT NULL,
      bytes ${bigInteger[dialect]} NOT NULL,
      updated_at ${bigInteger[dialect]} NOT NULL
    )`,
  ],
} satisfies Migration;
