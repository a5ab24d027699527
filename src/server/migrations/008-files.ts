import type { Migration } from './migration';

/**
 * Uploaded files: the bytes live under `$DATA_DIR/uploads/<id>` (lib/uploads/), this row is
 * what the app knows about them. `name` is the client's file name, kept only as data.
 */
export default {
  version: 8,
  name: 'files',
  up: () => [
    `CREATE TABLE files (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      type TEXT NOT NULL,
      size INTEGER NOT NULL,
      created_at TEXT NOT NULL
    )`,
    'CREATE INDEX files_created_at ON files (created_at, id)',
  ],
} satisfies Migration;
