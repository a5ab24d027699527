import type { Migration } from './migration';

/**
 * `Idempotency-Key` records (lib/idempotency): one row per caller and key, claimed by the first
 * request (its primary key lets exactly one process win a race) and holding the fingerprint of that
 * request and, once it has finished, the response a retry gets back. `response_status` is NULL
 * while the first request is still running. `expires_at` is ISO 8601 text: a claim's lease, then
 * the stored response's lifetime; the housekeeping task deletes what has passed it.
 */
export default {
  version: 15,
  name: 'idempotency-keys',
  up: () => [
    `CREATE TABLE idempotency_keys (
      caller TEXT NOT NULL,
      key TEXT NOT NULL,
      claim TEXT NOT NULL,
      fingerprint TEXT,
      response_status INTEGER,
      response_headers TEXT,
      response_body TEXT,
      expires_at TEXT NOT NULL,
      PRIMARY KEY (caller, key)
    )`,
    'CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at)',
  ],
} satisfies Migration;
