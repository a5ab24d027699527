import type { Migration } from './migration';

/**
 * `Idempotency-Key` records (lib/idempotency): one row per caller and key (one process wins a race), with
 * the request's fingerprint and, once it finished, its response (`response_status` NULL until then).
 * `expires_at` is ISO 8601 text: a claim's lease, then the stored response's lifetime.
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
