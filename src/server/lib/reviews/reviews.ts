import { randomUUID } from 'node:crypto';
import { z } from 'zod';

import { useDatabase } from '../db';
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

export type ReviewInput = z.infer<typeof reviewInput>;

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

/** Stores a validated review under a new id, with the id of the request that wrote it. */
export async function addReview(review: ReviewInput, requestId: string): Promise<Review> {
  const db = await useDatabase();
  const stored = { id: randomUUID(), ...review, createdAt: new Date().toISOString() };
  await db.sql`INSERT INTO reviews (id, product_id, rating, body, request_id, created_at)
    VALUES (${stored.id}, ${stored.productId}, ${stored.rating}, ${stored.body}, ${requestId}, ${stored.createdAt})`;
  return stored;
}
