import { createDatabase } from 'db0';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { sqliteConnector } from '../support/sqlite';
import type { OpenApiDocument } from '../../src/modules/api-contract';
import { serverEntry } from '../support/build';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';
import { rawRequest } from '../support/raw-request';
import { type RunningServer, startProductionServer } from '../support/server';
import { newAccount, postJson, sessionCookie } from '../support/sessions';

const baseUrl = inject('baseUrl');

/** A fresh key, as the draft writes it: a Structured Field string. */
const newKey = () => `"${crypto.randomUUID()}"`;

interface Donation {
  amount: number;
  total: number;
}

const donate = (amount: number, key?: string, { to = baseUrl, path = '/api/v1/donations', from = '' } = {}) =>
  fetch(`${to}${path}`, {
    method: 'POST',
    body: JSON.stringify({ amount }),
    headers: {
      'content-type': 'application/json',
      ...(key !== undefined && { 'idempotency-key': key }),
      // The client address, on a server that trusts X-Forwarded-For.
      ...(from && { 'x-forwarded-for': from }),
    },
  });

/**
 * The total after `counted`: a donation of 1 without a key answers the total it makes, so a
 * donation counted twice shows. Only this spec donates, one test at a time.
 */
async function expectTotal(counted: number, to = baseUrl) {
  const response = await donate(1, undefined, { to });
  expect(response.status).toBe(200);
  expect(((await response.json()) as Donation).total).toBe(counted + 1);
}

describe('POST /api/v1/donations (Idempotency-Key)', () => {
  it('replays the first answer for a retry with the same key and body, and counts the donation once', async () => {
    const key = newKey();
    const first = await donate(5, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const counted = (await first.json()) as Donation;
    expect(counted.amount).toBe(5);

    const retry = await donate(5, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await retry.json()).toEqual(counted);
    await expectTotal(counted.total);
  });

  it('answers 422 to the same key with a different body, or on another URL, and counts nothing for them', async () => {
    const key = newKey();
    const first = (await (await donate(5, key)).json()) as Donation;
    for (const response of [
      await donate(6, key),
      await donate(5, key, { path: '/api/v1/donations?again' }),
    ]) {
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ message: expect.stringMatching(/different request/) });
    }
    await expectTotal(first.total);
  });

  it('counts a donation per request without the header', async () => {
    const first = (await (await donate(2)).json()) as Donation;
    const second = (await (await donate(2)).json()) as Donation;
    expect(second.total).toBe(first.total + 2);
  });

  it.each([
    ['empty', ''],
    ['an empty string', '""'],
    ['unquoted', crypto.randomUUID()],
    ['over 255 characters', `"${'k'.repeat(256)}"`],
    ['two keys', '"a", "b"'],
    ['a bad escape', '"a\\n"'],
  ])('refuses a key %s with 400 and counts nothing', async (_name, key) => {
    const before = (await (await donate(1)).json()) as Donation;
    const response = await donate(5, key);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/Idempotency-Key/) });
    await expectTotal(before.total);
  });

  it('counts one donation of 20 concurrent requests with one key: each answers it, or 409 while it is made', async () => {
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 20 }, () => donate(3, key)));
    expect(responses.every(({ status }) => status === 200 || status === 409)).toBe(true);
    const answered = await Promise.all(
      responses.filter(({ status }) => status === 200).map((each) => each.json()),
    );
    expect(answered.length).toBeGreaterThan(0);
    expect(answered).toEqual(Array(answered.length).fill(answered[0]));
    for (const response of responses.filter(({ status }) => status === 409))
      expect(response.headers.get('retry-after')).toBe('1');
    await expectTotal((answered[0] as Donation).total);
  });
});

describe('Idempotency-Key callers and claims (a server behind a trusted proxy)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(serverEntry, { TRUST_PROXY: 'true' });
  }, 120_000);

  afterAll(() => server?.stop());

  /** Writes a claim on `key` for the client address `from` straight into the server's SQLite file. */
  async function plantClaim(from: string, key: string, expiresAt: Date) {
    const db = createDatabase(sqliteConnector({ path: join(server.dataDir, 'app.sqlite') }));
    try {
      await db.sql`INSERT INTO idempotency_keys (caller, key, claim, expires_at)
        VALUES (${`address:${from}`}, ${JSON.parse(key)}, 'planted', ${expiresAt.toISOString()})`;
    } finally {
      await db.dispose();
    }
  }

  it('keeps one caller’s keys apart from another’s', async () => {
    const key = newKey();
    const one = await donate(4, key, { to: server.url, from: '203.0.113.1' });
    const other = await donate(4, key, { to: server.url, from: '203.0.113.2' });
    expect([one.status, other.status]).toEqual([200, 200]);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    const [first, second] = (await Promise.all([one.json(), other.json()])) as Donation[];
    expect(second.total).toBe(first.total + 4);
  });

  it('answers 409 while another process holds the key', async () => {
    const [from, key] = ['203.0.113.3', newKey()];
    await plantClaim(from, key, new Date(Date.now() + 60_000));
    const response = await donate(5, key, { to: server.url, from });
    expect(response.status).toBe(409);
    expect(response.headers.get('retry-after')).toBe('1');
  });

  it('takes over a claim whose lease ran out, as when its process died mid-request', async () => {
    const [from, key] = ['203.0.113.4', newKey()];
    await plantClaim(from, key, new Date(Date.now() - 1_000));
    const response = await donate(5, key, { to: server.url, from });
    expect(response.status).toBe(200);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    const retry = await donate(5, key, { to: server.url, from });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    await expectTotal(((await response.json()) as Donation).total, server.url);
  });
});

const boundary = 'idempotency-spec-boundary';
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const head = (name: string) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
  );
const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
const multipart = (name: string, bytes = png) => Buffer.concat([head(name), bytes, closing]);

describe('Idempotency-Key per caller (a server that keeps 3 keys a caller)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(serverEntry, {
      TRUST_PROXY: 'true',
      IDEMPOTENCY_KEYS_PER_CALLER: '3',
    });
  }, 120_000);

  afterAll(() => server?.stop());

  it("answers a caller's 4th new key with 429, still replays its first three, and leaves other callers alone", async () => {
    const keys = [newKey(), newKey(), newKey()];
    for (const key of keys)
      expect((await donate(2, key, { to: server.url, from: '203.0.113.7' })).status).toBe(200);
    const fourth = await donate(2, newKey(), { to: server.url, from: '203.0.113.7' });
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({
      message: expect.stringMatching(/At most 3 Idempotency-Keys/),
    });
    const replay = await donate(2, keys[0], { to: server.url, from: '203.0.113.7' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await donate(2, newKey(), { to: server.url, from: '203.0.113.8' })).status).toBe(200);
  });

  it('counts the keys of every address of one IPv6 /64 together, as one caller', async () => {
    // Addresses one subscriber holds (a /64 is 2⁶⁴ of them), and one of the next /64.
    const inNetwork = (n: number) => `2001:db8:0:7:${n.toString(16)}::${(n * 7).toString(16)}`;
    for (const n of [1, 2, 3])
      expect((await donate(2, newKey(), { to: server.url, from: inNetwork(n) })).status).toBe(200);
    expect((await donate(2, newKey(), { to: server.url, from: inNetwork(4) })).status).toBe(429);
    expect((await donate(2, newKey(), { to: server.url, from: '2001:db8:0:8::1' })).status).toBe(200);
  });

  it('stores at most the cap however many new keys one caller sends at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => donate(1, newKey(), { to: server.url, from: '203.0.113.9' })),
    );
    expect(answers.filter(({ status }) => status === 200).length).toBeLessThanOrEqual(3);
    const db = createDatabase(sqliteConnector({ path: join(server.dataDir, 'app.sqlite') }));
    try {
      const { rows = [] } =
        await db.sql`SELECT count(*) AS n FROM idempotency_keys WHERE caller = 'address:203.0.113.9'`;
      expect(Number(rows[0]?.['n'])).toBeLessThanOrEqual(3);
    } finally {
      await db.dispose();
    }
  });
});

describe('Idempotency-Key for all callers (a server that keeps 4 keys in all)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(serverEntry, { TRUST_PROXY: 'true', IDEMPOTENCY_KEYS_MAX: '4' });
  }, 120_000);

  afterAll(() => server?.stop());

  it('answers a new key with 503 and Retry-After once the store is full, from any caller, and still replays', async () => {
    // Four callers, each far below its own 1,000: the store, not the caller, is full.
    const first = newKey();
    expect((await donate(3, first, { to: server.url, from: '2001:db8:1:1::1' })).status).toBe(200);
    for (const n of [2, 3, 4])
      expect((await donate(3, newKey(), { to: server.url, from: `2001:db8:1:${n}::1` })).status).toBe(200);
    const full = await donate(3, newKey(), { to: server.url, from: '2001:db8:1:5::1' });
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('600');
    expect(await full.json()).toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(/retry without a key/),
    });
    const again = await donate(3, first, { to: server.url, from: '2001:db8:1:1::1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await donate(3, undefined, { to: server.url, from: '2001:db8:1:5::1' })).status).toBe(200);
  });
});

describe('Idempotency-Key on POST /api/v1/files', () => {
  let cookie = '';

  beforeAll(async () => {
    // Signed in: the upload route may ask for a session, and the key is then the user's.
    cookie = sessionCookie(await postJson(baseUrl, '/api/v1/auth/sign-up', newAccount()));
  });

  /** Uploads `body` under `key`, as the spec's account unless `as` names another's cookie ('' for none). */
  const upload = (
    body: Buffer,
    key: string,
    contentType = `multipart/form-data; boundary=${boundary}`,
    as = cookie,
  ) =>
    rawRequest(baseUrl, {
      method: 'POST',
      path: '/api/v1/files',
      contentType,
      body,
      headers: { 'idempotency-key': key, ...(as && { cookie: as }) },
    });

  /** True once the server holds a claim on `key`: the first request is running. */
  const claimed = async (key: string) => {
    const db = createDatabase(sqliteConnector({ path: join(inject('dataDir'), 'app.sqlite') }));
    try {
      const { rows = [] } =
        await db.sql`SELECT 1 AS found FROM idempotency_keys WHERE key = ${JSON.parse(key)}`;
      return rows.length === 1;
    } finally {
      await db.dispose();
    }
  };

  it('replays the stored file record for a retry, and 422 for another file under the key', async () => {
    const key = newKey();
    const first = await upload(multipart('photo.png'), key);
    expect(first.status).toBe(201);
    const retry = await upload(multipart('photo.png'), key);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(retry.body)).toEqual(JSON.parse(first.body));

    const other = await upload(multipart('other.png'), key);
    expect(other.status).toBe(422);
    expect(JSON.parse(other.body)).toMatchObject({ message: expect.stringMatching(/different request/) });
  });

  it('never replays an upload to an anonymous caller, or to another account, sending the same key and bytes', async () => {
    const key = newKey();
    const first = await upload(multipart('mine.png'), key);
    expect(first.status).toBe(201);

    const anonymous = await upload(multipart('mine.png'), key, undefined, '');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['idempotent-replayed']).toBeUndefined();
    expect(anonymous.body).not.toContain(JSON.parse(first.body).id);

    const otherCookie = sessionCookie(await postJson(baseUrl, '/api/v1/auth/sign-up', newAccount()));
    const other = await upload(multipart('mine.png'), key, undefined, otherCookie);
    expect(other.status).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(JSON.parse(other.body).id).not.toBe(JSON.parse(first.body).id);
  });

  it('answers 409 with Retry-After to a retry while the first upload still streams, then replays its 201', async () => {
    const key = newKey();
    const { hostname, port } = new URL(baseUrl);
    const body = multipart('slow.png');
    const slow = request({
      hostname,
      port,
      path: '/api/v1/files',
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
        'idempotency-key': key,
        cookie,
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      slow.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.subarray(0, 40));
    await expect.poll(() => claimed(key)).toBe(true);

    const during = await upload(body, key);
    expect(during.status).toBe(409);
    expect(during.headers['retry-after']).toBe('1');

    slow.end(body.subarray(40));
    const first = await answered;
    expect(first.status).toBe(201);
    const after = await upload(body, key);
    expect(after.status).toBe(201);
    expect(JSON.parse(after.body)).toEqual(JSON.parse(first.body));
  });

  it('stores nothing for a refused upload, so a retry with the same key runs afresh', async () => {
    const key = newKey();
    expect((await upload(multipart('page.png', Buffer.from('<html>not a png</html>')), key)).status).toBe(
      415,
    );
    expect(await claimed(key)).toBe(false);
    const retry = await upload(multipart('photo.png'), key);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Idempotency-Key in /api/openapi.json', () => {
  it.each(['/api/v1/donations', '/api/v1/files'])(
    'documents the optional header and its 400, 409 and 422 on POST %s',
    async (path) => {
      const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
      const operation = document.paths[path]?.['post'];
      expect(operation?.parameters).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
      );
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['400', '409', '422']));
    },
  );
});

describe('Idempotency-Key across processes', () => {
  let postgres: RunningPostgres;
  let dataDir: string;
  const servers: Record<'sqlite' | 'postgres', RunningServer[]> = { sqlite: [], postgres: [] };

  beforeAll(async () => {
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'idempotency-spec-'));
    // Two processes on one SQLite file (as node-cluster's workers are), two on one PostgreSQL.
    [servers.sqlite, servers.postgres] = await Promise.all([
      Promise.all([1, 2].map(() => startProductionServer(serverEntry, { DATA_DIR: dataDir }))),
      Promise.all([1, 2].map(() => startProductionServer(serverEntry, { DATABASE_URL: databaseUrl }))),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...servers.sqlite, ...servers.postgres].map((server) => server.stop()));
    await postgres?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['sqlite', 'postgres'] as const)(
    'counts one donation of 40 requests with one key racing over two servers on %s',
    async (database) => {
      const key = newKey();
      const [one, other] = servers[database];
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, n) => donate(7, key, { to: (n % 2 ? one : other).url })),
      );
      expect(responses.every(({ status }) => status === 200 || status === 409)).toBe(true);
      const answered = await Promise.all(
        responses.filter(({ status }) => status === 200).map((each) => each.json()),
      );
      expect(answered.length).toBeGreaterThan(0);
      // A fresh database: the one donation counted is the total.
      expect(answered).toEqual(Array(answered.length).fill({ amount: 7, total: 7 }));

      // Retried once the race is over, through either server: the same answer, and 422 for another amount.
      const retry = await donate(7, key, { to: other.url });
      expect([retry.status, await retry.json()]).toEqual([200, { amount: 7, total: 7 }]);
      expect((await donate(8, key, { to: one.url })).status).toBe(422);
      await expectTotal(7, one.url);
    },
  );
});

describe('Idempotency-Key expiry', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(serverEntry, { IDEMPOTENCY_KEY_TTL_SECONDS: '1' });
  }, 120_000);

  afterAll(() => server?.stop());

  it('runs a request again once its key has expired (IDEMPOTENCY_KEY_TTL_SECONDS)', async () => {
    const key = newKey();
    const first = (await (await donate(5, key, { to: server.url })).json()) as Donation;
    expect((await donate(5, key, { to: server.url })).headers.get('idempotent-replayed')).toBe('true');
    await new Promise((wait) => setTimeout(wait, 1_100));
    const later = await donate(5, key, { to: server.url });
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(((await later.json()) as Donation).total).toBe(first.total + 5);
  });
});
