import type { Migration } from './migration';

/**
 * A hash of the address that posted a review, for `postReview`'s per-address limit (lib/reviews), cleared
 * once its hour is over; the index finds an address's reviews of the last hour.
 */
export default {
  version: 20,
  name: 'review-addresses',
  up: () => [
    'ALTER TABLE reviews ADD COLUMN address_hash TEXT',
    'CREATE INDEX reviews_address_hash ON reviews (address_hash, created_at)',
  ],
} satisfies Migration;
