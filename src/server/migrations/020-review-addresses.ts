import type { Migration } from './migration';

/**
 * Who posted a review, for the per-address limit of the `postReview` server function
 * (lib/reviews): a hash of the client's address, cleared once the hour it counts in is over. The
 * index finds an address's reviews of the last hour.
 */
export default {
  version: 20,
  name: 'review-addresses',
  up: () => [
    'ALTER TABLE reviews ADD COLUMN address_hash TEXT',
    'CREATE INDEX reviews_address_hash ON reviews (address_hash, created_at)',
  ],
} satisfies Migration;
