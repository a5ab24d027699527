import type { Migration } from './migration';

/** Product reviews, written through a server function; `request_id` traces a row to the call that wrote it. */
export default {
  version: 7,
  name: 'reviews',
  up: () => [
    `CREATE TABLE reviews (
      id TEXT PRIMARY KEY,
      product_id INTEGER NOT NULL,
      rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
      body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 500),
      request_id TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    'CREATE INDEX reviews_created_at ON reviews (created_at, id)',
  ],
} satisfies Migration;
