import { deriveServerFnId } from '@analogjs/vite-plugin-nitro/server-fn-id';
import { createDatabase } from 'db0';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

import { sqliteConnector } from '../support/sqlite';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/** The URL Analog's build gives an exported server function: an opaque hash of its file and name. */
const serverFnUrl = (name: string) =>
  `${baseUrl}/_analog/fn/${deriveServerFnId('src/app/reviews/reviews.server.ts', name)}`;
const loadReviews = serverFnUrl('loadReviews');
const postReview = serverFnUrl('postReview');

const json = { 'content-type': 'application/json' };
const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(postReview, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

interface Review {
  id: string;
  productId: number;
  rating: number;
  body: string;
  createdAt: string;
}

/** The request id stored with a review, read from the server's SQLite file. */
async function storedRequestId(id: string): Promise<string | undefined> {
  const db = createDatabase(sqliteConnector({ path: join(dataDir, 'app.sqlite') }));
  try {
    const { rows = [] } = await db.sql`SELECT request_id FROM reviews WHERE id = ${id}`;
    return rows[0]?.['request_id'] as string | undefined;
  } finally {
    await db.dispose();
  }
}

describe('server function postReview (POST /_analog/fn/:id)', () => {
  it('stores a valid review and answers it as JSON', async () => {
    const response = await post({ productId: 2, rating: 5, body: '  Holds coffee.  ' });
    expect(response.status).toBe(200);
    const review = (await response.json()) as Review;
    expect(review).toMatchObject({ productId: 2, rating: 5, body: 'Holds coffee.' });

    const listed = (await (await fetch(loadReviews)).json()) as Review[];
    expect(listed[0]).toEqual(review);
    const viaApi = (await (await fetch(`${baseUrl}/api/v1/reviews`)).json()) as Review[];
    expect(viaApi[0]).toEqual(review);
  });

  it('rejects input its zod schema refuses with 400 and the issues, storing nothing', async () => {
    const before = ((await (await fetch(loadReviews)).json()) as Review[]).length;
    const response = await post({ productId: 99, rating: 9, body: '' });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: { path: string[] }[] };
    expect(errors.map(({ path }) => path[0]).sort()).toEqual(['body', 'productId', 'rating']);
    expect(((await (await fetch(loadReviews)).json()) as Review[]).length).toBe(before);
  });

  it('accepts only a JSON body (415), so a plain form can never reach it', async () => {
    const response = await fetch(postReview, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'productId=1&rating=5&body=hi',
    });
    expect(response.status).toBe(415);
  });

  it('refuses a call from another origin with 403', async () => {
    const response = await post(
      { productId: 1, rating: 5, body: 'Forged' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(response.status).toBe(403);
  });

  it('refuses a form posted from another site with 403 before the function is looked up', async () => {
    const response = await fetch(postReview, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: '{"productId":1,"rating":5,"body":"Forged"}',
    });
    expect(response.status).toBe(403);
  });

  it('answers GET with 405 and Allow: POST', async () => {
    const response = await fetch(postReview);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('server function loadReviews (GET /_analog/fn/:id)', () => {
  it('refuses a cross-site read with 403', async () => {
    const response = await fetch(loadReviews, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
  });

  it('answers a same-origin read', async () => {
    const response = await fetch(loadReviews, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });
});

describe('GET /api/v1/reviews', () => {
  it('answers the same reviews as the server function, newest first', async () => {
    await post({ productId: 1, rating: 2, body: 'Thin pages.' });
    const response = await fetch(`${baseUrl}/api/v1/reviews`);
    expect(response.status).toBe(200);
    const viaApi = (await response.json()) as Review[];
    expect(viaApi[0]).toMatchObject({ productId: 1, rating: 2, body: 'Thin pages.' });
    expect(viaApi).toEqual(await (await fetch(loadReviews)).json());
  });
});

describe('the request-id interceptor', () => {
  it('gives a call a new id, answers it in X-Request-Id and stores it with the review', async () => {
    const response = await post({ productId: 1, rating: 4, body: 'Good paper.' });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const review = (await response.json()) as Review;
    expect(await storedRequestId(review.id)).toBe(requestId);
  });

  it("keeps a proxy's well-formed X-Request-Id", async () => {
    const response = await post(
      { productId: 3, rating: 3, body: 'Sticky.' },
      { 'x-request-id': 'edge-4f2a9c01' },
    );
    expect(response.headers.get('x-request-id')).toBe('edge-4f2a9c01');
    expect(await storedRequestId(((await response.json()) as Review).id)).toBe('edge-4f2a9c01');
  });

  it('replaces a malformed X-Request-Id instead of echoing it', async () => {
    const hostile = `<script>${'x'.repeat(100)}`;
    const response = await fetch(loadReviews, { headers: { 'x-request-id': hostile } });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).not.toBe(hostile);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
