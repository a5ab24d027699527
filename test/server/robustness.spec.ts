import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { type RawResponse, rawRequest } from '../support/raw-request';

const baseUrl = inject('baseUrl');
const numRuns = 100;
/** The admin's session goes with every request, so the users routes read the hostile bodies too. */
const cookie = inject('adminCookie');

/** Sends bytes exactly as given: path unnormalised, any content type. */
const send = (method: string, path: string, body?: string, contentType?: string) =>
  rawRequest(baseUrl, { method, path, body, contentType, headers: { cookie } });

/** The server's promise for bad input: never a 5xx, and every 4xx is JSON. */
function expectHandled(answer: RawResponse) {
  expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.type).toMatch(/^application\/json/);
    expect(() => JSON.parse(answer.body)).not.toThrow();
  }
}

const bodyRoutes = [
  ['PUT', '/api/v1/users/1'],
  ['POST', '/api/v1/users'],
  ['POST', '/api/v1/contact'],
  ['POST', '/api/v1/todos'],
  ['PATCH', '/api/v1/todos/00000000-0000-4000-8000-000000000000'],
] as const;

const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'name',
  'title',
  'email',
  'done',
  'q',
);
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 50 }),
  fc.constant('x'.repeat(200_000)),
);
const hostileObject = fc.dictionary(hostileKey, hostileValue, { maxKeys: 5 });
const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=nope',
  'multipart/form-data',
  'text/plain',
  'application/xml',
  undefined,
);
const bodies = fc.oneof(
  hostileObject.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', '{"name":', 'null', '[]', '"str"', '42', '\u0000\u0001', '--nope\r\n\r\n--nope--'),
  // Each value as a form field would carry it: fast-check's objects may have no prototype, and so no toString.
  hostileObject.map((value) =>
    new URLSearchParams(
      Object.entries(value).map(([key, field]) => [
        key,
        typeof field === 'string' ? field : JSON.stringify(field),
      ]),
    ).toString(),
  ),
);

afterAll(async () => {
  const health = await fetch(`${baseUrl}/api/v1/hello`);
  expect(health.status).toBe(200);
});

describe('robustness against bad input', () => {
  it.each(bodyRoutes)('%s %s never answers 5xx for any body and content type', async (method, path) => {
    await fc.assert(
      fc.asyncProperty(bodies, contentTypes, async (body, contentType) => {
        expectHandled(await send(method, path, body, contentType));
      }),
      { numRuns },
    );
  });

  it('GET /api/v1/search never answers 5xx for any query string', async () => {
    const rawQuery = fc.oneof(
      fc.string({ maxLength: 80 }).map((text) => encodeURI(text)),
      fc.constantFrom(
        'q=%E0%A4%A',
        'q=%',
        'q=%%',
        '__proto__[x]=1&q=a',
        'q=a&page=-1',
        'q=a&page=1e309',
        'tag[]=x&q=b',
      ),
    );
    await fc.assert(
      fc.asyncProperty(rawQuery, async (query) => {
        expectHandled(await send('GET', `/api/v1/search?${query}`));
      }),
      { numRuns },
    );
  });

  it('dynamic segments never answer 5xx, whatever the encoding', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 30 }).map((text) => encodeURIComponent(text)),
      fc.constantFrom('%E0%A4%A', '%', '%zz', '..%2f..%2f', '%2e%2e', '%00', 'a%2Fb'),
    );
    const routes = fc.constantFrom(
      ['GET', '/api/v1/hello/'],
      ['GET', '/api/v1/greet/'],
      ['GET', '/api/v1/items/'],
      ['GET', '/api/v1/users/'],
      ['PUT', '/api/v1/users/'],
      ['GET', '/api/v1/docs/'],
      ['DELETE', '/api/v1/todos/'],
    );
    await fc.assert(
      fc.asyncProperty(routes, segment, async ([method, prefix], value) => {
        const body = method === 'PUT' ? '{"name":"Ada"}' : undefined;
        expectHandled(await send(method, `${prefix}${value}`, body, 'application/json'));
      }),
      { numRuns },
    );
  });

  it.each(bodyRoutes)('%s %s survives JSON nested 10,000 levels deep', async (method, path) => {
    for (const nested of [
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
    ]) {
      expectHandled(await send(method, path, nested, 'application/json'));
    }
  });

  it('pollutes no prototype through __proto__, constructor and prototype keys', async () => {
    const payload =
      '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"title":"proto"}';
    for (const [method, path] of bodyRoutes)
      expectHandled(await send(method, path, payload, 'application/json'));
    const created = await send('POST', '/api/v1/todos', payload, 'application/json');
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).not.toHaveProperty('isAdmin');
    const listed = await send('GET', '/api/v1/todos');
    expect(listed.body).not.toContain('isAdmin');
  });
});
