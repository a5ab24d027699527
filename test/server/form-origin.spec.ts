import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { type RunningServer, startProductionServer } from '../support/server';
import { rawRequest } from '../support/raw-request';
import { allTodos } from '../support/todos';

const baseUrl = inject('baseUrl');
const ownOrigin = new URL(baseUrl).origin;
const evil = 'https://evil.example';

interface Todo {
  id: string;
  title: string;
}

const boundary = 'x-boundary-7MA4YWxk';
const multipart = (field: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n--${boundary}--\r\n`;

/** Every spelling a browser form, or an attacker imitating one, can send. */
const formBodies: [contentType: string, body: (field: string, value: string) => string][] = [
  ['application/x-www-form-urlencoded', (field, value) => `${field}=${encodeURIComponent(value)}`],
  [
    'Application/X-WWW-Form-Urlencoded; charset=UTF-8',
    (field, value) => `${field}=${encodeURIComponent(value)}`,
  ],
  ['multipart/form-data; boundary=' + boundary, multipart],
  ['Multipart/Form-Data; boundary=' + boundary, multipart],
  ['text/plain', (field, value) => JSON.stringify({ [field]: value })],
  ['TEXT/PLAIN;charset=utf-8', (field, value) => JSON.stringify({ [field]: value })],
];

const send = (
  method: string,
  path: string,
  contentType: string | undefined,
  body: string | undefined,
  headers = {},
) => rawRequest(baseUrl, { method, path, contentType, body, headers });

const json = (method: string, path: string, value: unknown) =>
  send(method, path, 'application/json', JSON.stringify(value));

async function createTodo(title: string): Promise<Todo> {
  const response = await json('POST', '/api/v1/todos', { title });
  expect(response.status).toBe(201);
  return JSON.parse(response.body) as Todo;
}

async function storedTitles(): Promise<string[]> {
  return (await allTodos(baseUrl)).map((todo) => todo.title);
}

describe('cross-site form submissions', () => {
  it.each(formBodies)('POST %s from another origin gets 403 and stores nothing', async (type, body) => {
    const title = `csrf ${randomUUID()}`;
    const response = await send('POST', '/api/v1/todos', type, body('title', title), { origin: evil });
    expect(response.status).toBe(403);
    expect(response.type).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe('Cross-site form submissions are forbidden');
    expect(await storedTitles()).not.toContain(title);
  });

  it('answers JSON to a client that accepts JSON', async () => {
    const response = await send('POST', '/api/v1/todos', 'text/plain', 'x', {
      origin: evil,
      accept: 'application/json',
    });
    expect(response.status).toBe(403);
    expect(response.type).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toEqual({
      statusCode: 403,
      statusMessage: 'Forbidden',
      message: 'Cross-site form submissions are forbidden',
    });
  });

  it('refuses a body without a Content-Type, which a browser sends as a simple request', async () => {
    const response = await send('POST', '/api/v1/todos', undefined, 'title=x', { origin: evil });
    expect(response.status).toBe(403);
  });

  it('refuses a form posted to a page, not only to an API route', async () => {
    const response = await send('POST', '/contact', 'application/x-www-form-urlencoded', 'name=x', {
      origin: evil,
    });
    expect(response.status).toBe(403);
  });

  it.each(['urlencoded', 'multipart'] as const)('accepts a same-origin %s form', async (kind) => {
    const title = `same-origin ${randomUUID()}`;
    const [type, body] = kind === 'urlencoded' ? formBodies[0] : formBodies[3];
    const response = await send('POST', '/api/v1/todos', type, body('title', title), { origin: ownOrigin });
    expect(response.status).toBe(201);
    expect(await storedTitles()).toContain(title);
  });

  it('accepts a form without Origin (curl, server-to-server)', async () => {
    const title = `no-origin ${randomUUID()}`;
    const response = await send('POST', '/api/v1/todos', formBodies[0][0], formBodies[0][1]('title', title));
    expect(response.status).toBe(201);
    expect(await storedTitles()).toContain(title);
  });

  it.each(formBodies)(
    'POST %s with Sec-Fetch-Site: cross-site and no Origin gets 403 and stores nothing',
    async (type, body) => {
      const title = `fetch-site ${randomUUID()}`;
      const response = await send('POST', '/api/v1/todos', type, body('title', title), {
        'sec-fetch-site': 'cross-site',
      });
      expect(response.status).toBe(403);
      expect(response.body).toBe('Cross-site form submissions are forbidden');
      expect(await storedTitles()).not.toContain(title);
    },
  );

  it.each(['same-origin', 'same-site', 'none', 'Same-Origin'])(
    'accepts a form with Sec-Fetch-Site: %s and no Origin',
    async (site) => {
      const title = `fetch-site ${site} ${randomUUID()}`;
      const [type, body] = formBodies[0];
      const response = await send('POST', '/api/v1/todos', type, body('title', title), {
        'sec-fetch-site': site,
      });
      expect(response.status).toBe(201);
      expect(await storedTitles()).toContain(title);
    },
  );

  it('refuses Sec-Fetch-Site: cross-site on a page form action and on DELETE too', async () => {
    const headers = { 'sec-fetch-site': 'Cross-Site' };
    const page = await send('POST', '/contact', 'application/x-www-form-urlencoded', 'name=x', headers);
    expect(page.status).toBe(403);
    const todo = await createTodo(`fetch-site delete ${randomUUID()}`);
    const deleted = await send('DELETE', `/api/v1/todos/${todo.id}`, undefined, undefined, headers);
    expect(deleted.status).toBe(403);
    expect(await storedTitles()).toContain(todo.title);
  });

  it('leaves JSON to CORS: a cross-origin JSON body is not a form', async () => {
    const title = `json ${randomUUID()}`;
    const response = await send('POST', '/api/v1/todos', 'application/json', JSON.stringify({ title }), {
      origin: evil,
    });
    expect(response.status).toBe(201);
  });

  it('leaves GET alone', async () => {
    const response = await send('GET', '/api/v1/todos', 'text/plain', undefined, { origin: evil });
    expect(response.status).toBe(200);
  });
});

describe('PUT /api/v1/users/:id from a form', () => {
  // The admin's cookie goes with every request, as a browser would send it: the form guard is what refuses.
  const admin = inject('adminCookie');
  const readName = async () =>
    (
      JSON.parse((await send('GET', '/api/v1/users/1', undefined, undefined, { cookie: admin })).body) as {
        name: string;
      }
    ).name;

  it.each(formBodies)('with %s from another origin gets 403 and changes nothing', async (type, body) => {
    const before = await readName();
    const response = await send('PUT', '/api/v1/users/1', type, body('name', 'Mallory'), {
      origin: evil,
      cookie: admin,
    });
    expect(response.status).toBe(403);
    expect(await readName()).toBe(before);
  });

  it('from this origin, and without Origin, succeeds', async () => {
    const [type, body] = formBodies[0];
    expect(
      (await send('PUT', '/api/v1/users/1', type, body('name', 'Ada'), { origin: ownOrigin, cookie: admin }))
        .status,
    ).toBe(200);
    expect(
      (await send('PUT', '/api/v1/users/1', type, body('name', 'Grace'), { cookie: admin })).status,
    ).toBe(200);
    expect(await readName()).toBe('Grace');
  });
});

describe('PATCH /api/v1/todos/:id from a form', () => {
  it.each(formBodies)('with %s from another origin gets 403 and changes nothing', async (type, body) => {
    const todo = await createTodo(`patch ${randomUUID()}`);
    const response = await send('PATCH', `/api/v1/todos/${todo.id}`, type, body('title', 'pwned'), {
      origin: evil,
    });
    expect(response.status).toBe(403);
    expect(await storedTitles()).toContain(todo.title);
  });

  it('from this origin, and without Origin, succeeds', async () => {
    const todo = await createTodo(`patch ${randomUUID()}`);
    const [type, body] = formBodies[0];
    const renamed = `renamed ${randomUUID()}`;
    const sameOrigin = await send('PATCH', `/api/v1/todos/${todo.id}`, type, body('title', renamed), {
      origin: ownOrigin,
    });
    expect(sameOrigin.status).toBe(200);
    const again = `again ${randomUUID()}`;
    expect((await send('PATCH', `/api/v1/todos/${todo.id}`, type, body('title', again))).status).toBe(200);
    expect(await storedTitles()).toContain(again);
  });
});

describe('DELETE /api/v1/todos/:id from a form', () => {
  it.each([...formBodies.map(([type]) => type), undefined])(
    'with Content-Type %s from another origin gets 403 and deletes nothing',
    async (type) => {
      const todo = await createTodo(`delete ${randomUUID()}`);
      const response = await send('DELETE', `/api/v1/todos/${todo.id}`, type, type && 'x', { origin: evil });
      expect(response.status).toBe(403);
      expect(await storedTitles()).toContain(todo.title);
    },
  );

  it('from this origin, and without Origin, succeeds', async () => {
    const first = await createTodo(`delete ${randomUUID()}`);
    const second = await createTodo(`delete ${randomUUID()}`);
    expect(
      (await send('DELETE', `/api/v1/todos/${first.id}`, 'text/plain', 'x', { origin: ownOrigin })).status,
    ).toBe(204);
    expect((await send('DELETE', `/api/v1/todos/${second.id}`, 'text/plain', 'x')).status).toBe(204);
    const titles = await storedTitles();
    expect(titles).not.toContain(first.title);
    expect(titles).not.toContain(second.title);
  });
});

describe('the app origin behind a proxy', () => {
  let configured: RunningServer;
  let proxied: RunningServer;
  const form = (server: RunningServer, headers: Record<string, string>) =>
    rawRequest(server.url, {
      method: 'POST',
      path: '/api/v1/todos',
      contentType: 'application/x-www-form-urlencoded',
      body: `title=${randomUUID()}`,
      headers,
    });

  beforeAll(async () => {
    [configured, proxied] = await Promise.all([
      startProductionServer(undefined, { ORIGIN: 'https://shop.example' }),
      startProductionServer(undefined, { TRUST_PROXY: '1' }),
    ]);
  }, 120_000);
  afterAll(() => Promise.all([configured?.stop(), proxied?.stop()]));

  it('takes the origin from ORIGIN when set', async () => {
    expect((await form(configured, { origin: 'https://shop.example' })).status).toBe(201);
    expect((await form(configured, { origin: new URL(configured.url).origin })).status).toBe(403);
  });

  it('believes X-Forwarded-Proto and X-Forwarded-Host only with TRUST_PROXY=1', async () => {
    const forwarded = {
      origin: 'https://shop.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example',
    };
    expect((await form(proxied, forwarded)).status).toBe(201);
    expect((await send('POST', '/api/v1/todos', 'text/plain', 'x', forwarded)).status).toBe(403);
  });
});
