import { deriveServerFnId } from '@analogjs/vite-plugin-nitro/server-fn-id';
import { createDatabase } from 'db0';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sqliteConnector } from '../support/sqlite';
import { serverEntry } from '../support/build';
import {
  type InstancesOnPostgres,
  type RunningServer,
  startInstancesOnPostgres,
  startProductionServer,
} from '../support/server';

/** Behind a trusted proxy: each caller sends its own client address in `X-Forwarded-For`. */
const behindProxy = { TRUST_PROXY: '1' };

const postReviewPath = `/_analog/fn/${deriveServerFnId('src/app/reviews/reviews.server.ts', 'postReview')}`;

/** The n-th client address of a /16: `10.7.0.1`, … */
const address = (net: number, n: number) => `10.${net}.${Math.floor(n / 256)}.${n % 256}`;
let used = 0;
/** A client address no other test has used. */
const newAddress = () => address(7, ++used);

const postReview = (url: string, from: string, body = `Review from ${from}`) =>
  fetch(`${url}${postReviewPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ productId: 1, rating: 4, body }),
  });

/**
 * Sends `count` reviews to `url`, `concurrency` at a time, the n-th from `from(n)` with the body
 * `Review n`; answers each status, in order.
 */
async function postMany(url: string, count: number, concurrency: number, from: (n: number) => string) {
  const statuses: number[] = [];
  let next = 0;
  const client = async () => {
    for (let n = next++; n < count; n = next++) {
      const response = await postReview(url, from(n), `Review ${n}`);
      await response.arrayBuffer();
      statuses[n] = response.status;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return statuses;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>(
    (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

describe('server function postReview, anonymous and repeated (POST /_analog/fn/:id)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(serverEntry, behindProxy);
  }, 120_000);

  afterAll(() => server?.stop());

  /** The reviews stored in the server's SQLite file. */
  async function storedReviews(): Promise<number> {
    const db = createDatabase(sqliteConnector({ path: join(server.dataDir, 'app.sqlite') }));
    try {
      const { rows = [] } = await db.sql`SELECT count(*) AS count FROM reviews`;
      return Number(rows[0]?.['count']);
    } finally {
      await db.dispose();
    }
  }

  it('stores 20 reviews an hour from one address, 10 at a time, and refuses the rest with 429', async () => {
    const attacker = newAddress();
    const statuses = await postMany(server.url, 100, 10, () => attacker);
    expect(tally(statuses)).toEqual({ 200: 20, 429: 80 });

    const refused = await postReview(server.url, attacker);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await refused.json()).toMatchObject({
      statusCode: 429,
      message:
        'This address has posted 20 reviews in the last hour, the most it may; try again in 60 minutes',
      data: { limit: 20, windowSeconds: 3_600 },
    });
  });

  it('lets another address post while one is refused', async () => {
    const [attacker, neighbour] = [newAddress(), newAddress()];
    await postMany(server.url, 20, 10, () => attacker);
    expect((await postReview(server.url, attacker)).status).toBe(429);
    const posted = await postReview(server.url, neighbour, 'Still open to me');
    expect(posted.status).toBe(200);
    expect(await posted.json()).toMatchObject({ body: 'Still open to me' });
  });

  it('counts the addresses of one IPv6 /64 as one caller: 20 reviews among three of them', async () => {
    const subnet = `2001:db8:7:${++used}`;
    const statuses = await postMany(server.url, 60, 10, (n) => `${subnet}::${(n % 3) + 1}`);
    expect(tally(statuses)).toEqual({ 200: 20, 429: 40 });
    const elsewhere = await postReview(server.url, `2001:db8:7:${++used}::1`, 'The next /64');
    expect(elsewhere.status).toBe(200);
  });

  it('refuses a body over 16 KiB with 413, declared or chunked, before the function reads it', async () => {
    const declared = await postReview(server.url, newAddress(), 'x'.repeat(20 * 1024));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ statusCode: 413 });

    const review = JSON.stringify({ productId: 1, rating: 4, body: 'x'.repeat(20 * 1024) });
    const chunked = await fetch(`${server.url}${postReviewPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': newAddress() },
      body: new Blob([review]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('keeps only the newest 1,000 of 10,000 reviews from 500 addresses, newest first', async () => {
    // Each address posts 20, its limit: every one is stored, until the board drops it for newer ones.
    const statuses = await postMany(server.url, 10_000, 10, (n) => address(8, Math.floor(n / 20)));
    expect(tally(statuses)).toEqual({ 200: 10_000 });
    expect(await storedReviews()).toBe(1_000);

    const listed = (await (await fetch(`${server.url}/api/v1/reviews`)).json()) as { body: string }[];
    expect(listed).toHaveLength(50);
    expect(listed.map(({ body }) => body)).toContain('Review 9999');
    expect(listed.map(({ body }) => body)).not.toContain('Review 0');
  }, 120_000);
});

describe('server function postReview, two instances sharing PostgreSQL', () => {
  let instances: InstancesOnPostgres;

  beforeAll(async () => {
    instances = await startInstancesOnPostgres(behindProxy);
  }, 120_000);

  afterAll(() => instances?.stop());

  it('passes the per-address limit by at most the posts running at once, then refuses on both', async () => {
    const from = address(9, 1);
    const statuses = (
      await Promise.all(instances.servers.map((server) => postMany(server.url, 40, 10, () => from)))
    ).flat();
    const stored = statuses.filter((status) => status === 200).length;
    expect(stored).toBeGreaterThanOrEqual(20);
    // Each instance runs 10 at once.
    expect(stored).toBeLessThanOrEqual(20 + 2 * 10);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    for (const server of instances.servers) expect((await postReview(server.url, from)).status).toBe(429);
  });

  it('keeps the newest 1,000 of 1,200 reviews posted to both at once', async () => {
    const statuses = (
      await Promise.all(
        instances.servers.map((server, instance) =>
          postMany(server.url, 600, 10, (n) => address(10 + instance, Math.floor(n / 20))),
        ),
      )
    ).flat();
    expect(tally(statuses)).toEqual({ 200: 1_200 });
    const client = new pg.Client({ connectionString: instances.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>('SELECT count(*) AS count FROM reviews');
      expect(Number(rows[0].count)).toBe(1_000);
    } finally {
      await client.end();
    }
  }, 60_000);
});
