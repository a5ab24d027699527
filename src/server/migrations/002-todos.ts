import type { Migration } from './migration';

/** Todos, keyed by a UUID the server makes; `created_at` is ISO 8601 text, so it sorts the same in both dialects. */
export default {
  version: 2,
  name: 'todos',
  up: () => [
    `CREATE TABLE todos (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      done BOOLEAN NOT NULL DEFAULT FALSE,
      created_at TEXT NOT NULL
    )`,
    'CREATE INDEX todos_created_at ON todos (created_at, id)',
  ],
} satisfies Migration;
