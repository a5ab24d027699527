import type { Migration } from './migration';

/** The idempotency recipe's demo, `POST /api/v1/donations`: one row, the sum of every donation counted. */
export default {
  version: 19,
  name: 'donation-total',
  up: () => [
    'CREATE TABLE donation_total (total BIGINT NOT NULL)',
    'INSERT INTO donation_total (total) VALUES (0)',
  ],
} satisfies Migration;
