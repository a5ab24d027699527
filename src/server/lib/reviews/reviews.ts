import { type H3Event, createError, setResponseHeader } from 'h3';
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';

import { useDatabase } from '../db';
import { addressCallerKey } from '../../../modules/request';
import { products } from '../../../shared/products';

/** A new review as the form sends it: a catalogue product, 1 to 5 stars, a short text without NUL. */
export const reviewInput = z.object({
  productId: z
    .number()
    .int()
    .refine((id) => products.some((product) => product.id === id), 'Pick a product from the catalogue'),
  rating: z.number().int().min(1, 'Rate 1 to 5 stars').max(5, 'Rate 1 to 5 stars'),
  body: z
    .string()
    .trim()
    .min(1, 'Write a few words')
    .max(500, 'Keep it under 500 characters')
    .regex(/^[^\0]*$/, 'Remove the NUL character'),
});

/** A review as the page and `GET /api/v1/reviews` show it. */
export const reviewOutput = z.object({
  id: z.uuid(),
  productId: z.number().int(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  createdAt: z.iso.datetime(),
});

export type Review = z.infer<typeof reviewOutput>;

/** The newest 50 reviews, newest first. */
export async function listReviews(): Promise<Review[]> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: Review[] }>`SELECT id, product_id AS "productId", rating, body,
      created_at AS "createdAt"
    FROM reviews ORDER BY created_at DESC, id DESC LIMIT 50`;
  return rows.map((row) => ({ ...row, productId: Number(row.productId), rating: Number(row.rating) }));
}

// Anyone may post, so a stranger can't fill the disk: an address posts `perAddress` an hour, the board keeps `kept`.
const perAddress = 20;
const kept = 1_000;
const hourMs = 3_600_000;

/**
 * Stores a review under a new id with the id of the request that wrote it, unless its address posted
 * `perAddress` in the last hour (429, `Retry-After`). Count and insert are one statement, so concurrent posts
 * can't pass the limit on SQLite (on PostgreSQL by at most those running at once). Then all but the newest
 * `kept` go. The address is the limit's (an IPv6 one by its /64), hashed: no anonymity (IPv4 has 2³² values
 * to try), so `forgetReviewAddresses` clears it once its hour is over.
 */
export async function addReview(event: H3Event, review: z.infer<typeof reviewInput>, requestId: string) {
  const db = await useDatabase();
  const stored: Review = { id: randomUUID(), ...review, createdAt: new Date().toISOString() };
  const address = createHash('sha256').update(addressCallerKey(event)).digest('base64url');
  const since = new Date(Date.parse(stored.createdAt) - hourMs).toISOString();
  const { rows = [] } = await db.sql`INSERT INTO reviews
      (id, product_id, rating, body, request_id, created_at, address_hash)
    SELECT ${stored.id}, ${stored.productId}, ${stored.rating}, ${stored.body}, ${requestId}, ${stored.createdAt}, ${address}
    WHERE (SELECT count(*) FROM reviews WHERE address_hash = ${address} AND created_at > ${since}) < ${perAddress}
    RETURNING id`;
  if (!rows.length) throw await tooManyReviews(event, address, since);
  await db.sql`DELETE FROM reviews WHERE (created_at, id) < (
    SELECT created_at, id FROM reviews ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${kept - 1})`;
  return stored;
}

/** The 429 for an address at its limit: it may post again an hour after the oldest of its last hour. */
async function tooManyReviews(event: H3Event, address: string, since: string) {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: { oldest: string | null }[] }>`SELECT min(created_at) AS oldest
    FROM reviews WHERE address_hash = ${address} AND created_at > ${since}`;
  const seconds = Math.max(1, Math.ceil((Date.parse(rows[0]?.oldest ?? since) + hourMs - Date.now()) / 1000));
  setResponseHeader(event, 'retry-after', seconds);
  return createError({
    statusCode: 429,
    statusMessage: 'Too Many Requests',
    message: `This address has posted ${perAddress} reviews in the last hour, the most it may; try again in ${Math.ceil(seconds / 60)} minutes`,
    data: { limit: perAddress, windowSeconds: hourMs / 1000 },
  });
}

/** Clears the addresses of reviews whose hour was over by `now`: no limit counts them any more. Answers how many. */
export async function forgetReviewAddresses(now: number): Promise<number> {
  const db = await useDatabase();
  const { rows = [] } = await db.sql`UPDATE reviews SET address_hash = NULL
    WHERE address_hash IS NOT NULL AND created_at <= ${new Date(now - hourMs).toISOString()} RETURNING id`;
  return rows.length;
}
