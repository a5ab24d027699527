import { createDatabase } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { OpenApiDocument } from '../../src/modules/api-contract';
import { serverEntry } from '../support/build';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';
import { rawRequest } from '../support/raw-request';
import { type RunningServer, startProductionServer } from '../support/server';
import { newAccount, postJson, sessionCookie } from '../support/sessions';
import { type Todo, allTodos } from '../support/todos';

const baseUrl = inject('baseUrl');

/** A fresh key, as the draft writes it: a Structured Field string. */
const newKey = () => `"${crypto.randomUUID()}"`;

const postTodo = (title: string, key?: string, { to = baseUrl, cookie = '' } = {}) =>
  fetch(`${to}/api/v1/todos`, {
    method: 'POST',
    body: JSON.stringify({ title }),
    headers: {
      'content-type': 'application/json',
      ...(key !== undefined && { 'idempotency-key': key }),
      ...(cookie && { cookie }),
    },
  });

const todosTitled = async (title: string, from = baseUrl) =>
  (await allTodos(from)).filter((todo) => todo.title === title);

describe('Idempotency-Key on POST /api/v1/todos', () => {
  it('replays the first 201 for a retry with the same key and body, and stores one todo', async () => {
    const [key, title] = [newKey(), `Retried ${crypto.randomUUID()}`];
    const first = await postTodo(title, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const created = (await first.json()) as Todo;

    const retry = await postTodo(title, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await retry.json()).toEqual(created);
    expect(await todosTitled(title)).toEqual([created]);
  });

  it('answers 422 to the same key with a different body, and stores nothing for it', async () => {
    const [key, title] = [newKey(), `First ${crypto.randomUUID()}`];
    expect((await postTodo(title, key)).status).toBe(201);
    const other = `Other ${crypto.randomUUID()}`;
    const response = await postTodo(other, key);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/different request/) });
    expect(await todosTitled(other)).toEqual([]);
  });

  it('keeps one caller’s keys apart from another’s', async () => {
    const [key, title] = [newKey(), `Shared key ${crypto.randomUUID()}`];
    const signUp = await postJson(baseUrl, '/api/v1/auth/sign-up', newAccount());
    expect(signUp.status).toBe(201);
    const anonymous = await postTodo(title, key);
    const signedIn = await postTodo(title, key, { cookie: sessionCookie(signUp) });
    expect([anonymous.status, signedIn.status]).toEqual([201, 201]);
    expect(signedIn.headers.get('idempotent-replayed')).toBeNull();
    expect(await todosTitled(title)).toHaveLength(2);
  });

  it('creates a todo per request without the header', async () => {
    const title = `No key ${crypto.randomUUID()}`;
    expect((await postTodo(title)).status).toBe(201);
    expect((await postTodo(title)).status).toBe(201);
    expect(await todosTitled(title)).toHaveLength(2);
  });

  it.each([
    ['empty', ''],
    ['an empty string', '""'],
    ['unquoted', crypto.randomUUID()],
    ['over 255 characters', `"${'k'.repeat(256)}"`],
    ['two keys', '"a", "b"'],
    ['a bad escape', '"a\\n"'],
  ])('refuses a key %s with 400 and stores nothing', async (_name, key) => {
    const title = `Bad key ${crypto.randomUUID()}`;
    const response = await postTodo(title, key);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/Idempotency-Key/) });
    expect(await todosTitled(title)).toEqual([]);
  });

  it('stores one todo from 20 concurrent requests with one key: each answers it, or 409 while it is made', async () => {
    const [key, title] = [newKey(), `Raced ${crypto.randomUUID()}`];
    const responses = await Promise.all(Array.from({ length: 20 }, () => postTodo(title, key)));
    const statuses = new Set(responses.map((response) => response.status));
    expect([...statuses].every((status) => status === 201 || status === 409)).toBe(true);
    const created = await todosTitled(title);
    expect(created).toHaveLength(1);
    for (const response of responses) {
      const body = await response.json();
      if (response.status === 201) expect(body).toEqual(created[0]);
      else expect(response.headers.get('retry-after')).toBe('1');
    }
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

describe('Idempotency-Key claims', () => {
  /** Writes a claim on `key` for the signed-in account straight into the shared server's SQLite file. */
  async function plantClaim(accountId: number, key: string, expiresAt: Date) {
    const db = createDatabase(betterSqlite3({ path: join(inject('dataDir'), 'app.sqlite') }));
    try {
      await db.sql`INSERT INTO idempotency_keys (caller, key, claim, expires_at)
        VALUES (${`user:${accountId}`}, ${JSON.parse(key)}, 'planted', ${expiresAt.toISOString()})`;
    } finally {
      await db.dispose();
    }
  }

  async function signUp() {
    const response = await postJson(baseUrl, '/api/v1/auth/sign-up', newAccount());
    expect(response.status).toBe(201);
    return { id: ((await response.json()) as { id: number }).id, cookie: sessionCookie(response) };
  }

  it('answers 409 while another process holds the key', async () => {
    const [{ id, cookie }, key, title] = [await signUp(), newKey(), `Held ${crypto.randomUUID()}`];
    await plantClaim(id, key, new Date(Date.now() + 60_000));
    const response = await postTodo(title, key, { cookie });
    expect(response.status).toBe(409);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await todosTitled(title)).toEqual([]);
  });

  it('takes over a claim whose lease ran out, as when its process died mid-request', async () => {
    const [{ id, cookie }, key, title] = [await signUp(), newKey(), `Taken over ${crypto.randomUUID()}`];
    await plantClaim(id, key, new Date(Date.now() - 1_000));
    const response = await postTodo(title, key, { cookie });
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    expect((await postTodo(title, key, { cookie })).headers.get('idempotent-replayed')).toBe('true');
    expect(await todosTitled(title)).toHaveLength(1);
  });
});

describe('Idempotency-Key on POST /api/v1/files', () => {
  let cookie = '';

  beforeAll(async () => {
    // Signed in: the upload route may ask for a session, and the key is then the user's.
    cookie = sessionCookie(await postJson(baseUrl, '/api/v1/auth/sign-up', newAccount()));
  });

  const upload = (body: Buffer, key: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
    rawRequest(baseUrl, {
      method: 'POST',
      path: '/api/v1/files',
      contentType,
      body,
      headers: { 'idempotency-key': key, cookie },
    });

  /** True once the server holds a claim on `key`: the first request is running. */
  const claimed = async (key: string) => {
    const db = createDatabase(betterSqlite3({ path: join(inject('dataDir'), 'app.sqlite') }));
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

  it('answers 422 to a key first used on another route', async () => {
    const key = newKey();
    expect((await postTodo(`Todo ${crypto.randomUUID()}`, key, { cookie })).status).toBe(201);
    expect((await upload(multipart('photo.png'), key)).status).toBe(422);
  });
});

describe('Idempotency-Key in /api/openapi.json', () => {
  it.each(['/api/v1/todos', '/api/v1/files'])(
    'documents the optional header and its 400, 409 and 422 on POST %s',
    async (path) => {
      const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
      const operation = document.paths[path]?.['post'];
      expect(operation?.parameters).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
      );
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['201', '400', '409', '422']),
      );
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
    'stores one todo from 40 requests with one key racing over two servers on %s',
    async (database) => {
      const [key, title] = [newKey(), `Raced across ${crypto.randomUUID()}`];
      const [one, other] = servers[database];
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, n) => postTodo(title, key, { to: (n % 2 ? one : other).url })),
      );
      expect(responses.every((response) => response.status === 201 || response.status === 409)).toBe(true);
      const created = await todosTitled(title, one.url);
      expect(created).toHaveLength(1);
      const answered = await Promise.all(
        responses.filter((response) => response.status === 201).map((response) => response.json()),
      );
      expect(answered.length).toBeGreaterThan(0);
      expect(answered).toEqual(Array(answered.length).fill(created[0]));

      // Retried once the race is over, through either server: the same todo, and 422 for another title.
      const retry = await postTodo(title, key, { to: other.url });
      expect([retry.status, await retry.json()]).toEqual([201, created[0]]);
      expect((await postTodo(`${title} changed`, key, { to: one.url })).status).toBe(422);
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
    const [key, title] = [newKey(), `Expiring ${crypto.randomUUID()}`];
    expect((await postTodo(title, key, { to: server.url })).status).toBe(201);
    expect((await postTodo(title, key, { to: server.url })).headers.get('idempotent-replayed')).toBe('true');
    await new Promise((wait) => setTimeout(wait, 1_100));
    const later = await postTodo(title, key, { to: server.url });
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await todosTitled(title, server.url)).toHaveLength(2);
  });
});
