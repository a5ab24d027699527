import type { StandardSchemaV1 } from '@standard-schema/spec';
import { createError, defineEventHandler } from 'h3';
import * as v from 'valibot';
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { defineApiRoute, fail, json, redirect } from '#server-actions';

import { serveRoutes } from '../../../test/support/serve-routes';

/** A Standard Schema written by hand, with no library: a non-empty `name` string. */
const handWrittenName: StandardSchemaV1<unknown, { name: string }> = {
  '~standard': {
    version: 1,
    vendor: 'hand-written',
    validate(value) {
      const name = (value as { name?: unknown } | null)?.name;
      return typeof name === 'string' && name.length > 0
        ? { value: { name } }
        : { issues: [{ message: 'name is required', path: ['name'] }] };
    },
  },
};

/** An async schema: resolves on a later tick, as a database-backed check would. */
const asyncEven: StandardSchemaV1<unknown, { n: number }> = {
  '~standard': {
    version: 1,
    vendor: 'hand-written',
    async validate(value) {
      await new Promise((tick) => setTimeout(tick, 5));
      const n = Number((value as { n?: unknown }).n);
      return n % 2 === 0 ? { value: { n } } : { issues: [{ message: 'n must be even', path: ['n'] }] };
    },
  },
};

/** Accepts any object as it is, so a test sees exactly what the body parser produced. */
const anyObject: StandardSchemaV1<unknown, Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'hand-written',
    validate: (value) =>
      typeof value === 'object' && value !== null
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: 'Expected an object' }] },
  },
};

const calls = { handler: 0 };

const base = await serveRoutes({
  '/echo/:id': defineApiRoute({
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ tag: z.union([z.string(), z.array(z.string())]).optional() }),
    body: z.object({ name: z.string().min(1) }).optional(),
    handler: ({ params, query, body, data }) => ({ params, query, body, data }),
  }),
  '/raw/:slug': defineApiRoute({ handler: ({ params, query, data }) => ({ params, query, data }) }),
  '/input': defineApiRoute({
    input: z.object({ q: z.string().min(1) }),
    query: z.object({ page: z.coerce.number().default(1) }),
    handler: ({ data, query }) => ({ data, query }),
  }),
  '/input-body': defineApiRoute({
    input: z.object({ title: z.string().min(1) }),
    body: z.object({ title: z.string().max(5) }),
    handler: ({ data, body }) => ({ data, body }),
  }),
  '/guarded': defineApiRoute({
    body: z.object({ name: z.string().min(1) }),
    handler: () => {
      calls.handler += 1;
      return { ok: true };
    },
  }),
  '/form': defineApiRoute({
    handler: ({ body, data }) => ({ body, data }),
    body: z.record(z.string(), z.unknown()),
  }),
  '/parsed-keys': defineApiRoute({
    body: anyObject,
    handler: ({ body }) => ({ keys: Object.keys(body), ownProto: Object.hasOwn(body, '__proto__') }),
  }),
  '/upload': defineApiRoute({
    body: z.object({ file: z.union([z.instanceof(File), z.array(z.instanceof(File))]) }),
    handler: ({ body }) => {
      const files = Array.isArray(body.file) ? body.file : [body.file];
      return files.map((file) => ({ name: file.name, size: file.size }));
    },
  }),
  '/valibot': defineApiRoute({
    body: v.object({ name: v.pipe(v.string(), v.minLength(1)) }),
    handler: ({ body }) => body,
  }),
  '/hand': defineApiRoute({ body: handWrittenName, handler: ({ body }) => body }),
  '/async': defineApiRoute({ input: asyncEven, handler: ({ data }) => data }),
  '/empty-ok': defineApiRoute({
    body: z.object({ note: z.string().optional() }),
    handler: ({ body }) => body,
  }),
  '/text': defineApiRoute({ handler: () => 'plain words' }),
  '/response/json': defineApiRoute({ handler: () => json({ made: 'by json' }, { status: 201 }) }),
  '/response/redirect': defineApiRoute({ handler: () => redirect('/elsewhere', 303) }),
  '/response/fail': defineApiRoute({ handler: () => fail(409, { reason: 'taken' }) }),
  '/teapot': defineApiRoute({
    handler: () => {
      throw createError({ statusCode: 418, statusMessage: 'Short and stout' });
    },
  }),
  '/proto': defineApiRoute({
    handler: ({ query, body }) => ({
      queryKeys: Object.keys(query),
      bodyKeys: Object.keys(body),
      polluted: ({} as Record<string, unknown>)['polluted'] ?? null,
    }),
    body: z.record(z.string(), z.unknown()),
  }),
  '/input-body-or-query': defineApiRoute({
    input: z.object({ q: z.string() }),
    body: z.object({ q: z.string().min(100) }),
    handler: ({ data, body }) => ({ data, body }),
  }),
  '/checked-output': defineApiRoute({
    output: z.object({ id: z.number() }),
    handler: ({ query }) => (query['broken'] ? { id: 'not a number' } : { id: 1 }),
  }),
  '/plain': defineEventHandler(() => 'not validated'),
});

/** A request through node:http, which (unlike fetch) can send a body with GET. */
function rawRequest(method: string, path: string, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const post = (path: string, body: BodyInit, contentType?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    body,
    headers: contentType ? { 'content-type': contentType } : {},
  });

const postJson = (path: string, value: unknown, method = 'POST') =>
  fetch(`${base}${path}`, {
    method,
    body: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('defineApiRoute: params, query and body', () => {
  it('passes params, query and body to the handler, validated and transformed', async () => {
    const response = await postJson('/echo/42?tag=a', { name: 'Ada' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      params: { id: 42 },
      query: { tag: 'a' },
      body: { name: 'Ada' },
      data: { name: 'Ada' },
    });
  });

  it('rejects a bad route parameter with 422 and the issue path', async () => {
    const response = await fetch(`${base}/echo/zero`);
    expect(response.status).toBe(422);
    const issues = (await response.json()) as StandardSchemaV1.Issue[];
    expect(issues[0].path).toEqual(['id']);
  });

  it('neither reads nor validates a body sent with GET', async () => {
    const response = await rawRequest('GET', '/input-body-or-query?q=from-query', '{"q": "from-body"}');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ data: { q: 'from-query' }, body: {} });
  });

  it('keeps raw router params when there is no params schema', async () => {
    const response = await fetch(`${base}/raw/hello?x=1`);
    expect(await response.json()).toEqual({ params: { slug: 'hello' }, query: { x: '1' }, data: { x: '1' } });
  });
});

describe('defineApiRoute: input', () => {
  it('validates the query with input on GET and passes it as data', async () => {
    const response = await fetch(`${base}/input?q=an&page=3`);
    expect(await response.json()).toEqual({ data: { q: 'an' }, query: { page: 3 } });
  });

  it('validates input and query together: both must pass', async () => {
    const response = await fetch(`${base}/input?q=&page=x`);
    expect(response.status).toBe(422);
    const paths = ((await response.json()) as StandardSchemaV1.Issue[]).map((issue) => issue.path?.[0]);
    expect(paths.sort()).toEqual(['page', 'q']);
  });

  it('validates the body with input on POST, and the body schema as well', async () => {
    const ok = await postJson('/input-body', { title: 'Tea' });
    expect(await ok.json()).toEqual({ data: { title: 'Tea' }, body: { title: 'Tea' } });
    const tooLong = await postJson('/input-body', { title: 'Teapots' });
    expect(tooLong.status).toBe(422);
  });

  it('parses a body once when both body and input need it', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const text = JSON.stringify({ title: 'Once' });
    await post('/input-body', text, 'application/json');
    expect(parse.mock.calls.filter(([source]) => source === text)).toHaveLength(1);
  });

  it('awaits an asynchronous schema', async () => {
    expect(await (await fetch(`${base}/async?n=4`)).json()).toEqual({ n: 4 });
    const odd = await fetch(`${base}/async?n=3`);
    expect(odd.status).toBe(422);
    expect(await odd.json()).toEqual([{ message: 'n must be even', path: ['n'] }]);
  });
});

describe('defineApiRoute: invalid input', () => {
  it('answers 422 with the issues as JSON and X-Analog-Errors, without calling the handler', async () => {
    const before = calls.handler;
    const response = await postJson('/guarded', { name: '' });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-analog-errors')).toBe('true');
    const issues = (await response.json()) as StandardSchemaV1.Issue[];
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toEqual(['name']);
    expect(calls.handler).toBe(before);
  });

  it('treats an empty body as {} and validates it', async () => {
    expect((await post('/guarded', '', 'application/json')).status).toBe(422);
    const response = await post('/empty-ok', '', 'application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it('treats an unparseable body as {} instead of failing with 400 or 500', async () => {
    const response = await post('/empty-ok', '{"note": ', 'application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect((await post('/guarded', 'not json', 'application/json')).status).toBe(422);
  });
});

describe('defineApiRoute: body encodings', () => {
  it('reads application/*+json bodies', async () => {
    const response = await post('/hand', JSON.stringify({ name: 'Grace' }), 'application/vnd.api+json');
    expect(await response.json()).toEqual({ name: 'Grace' });
  });

  it('reads URL-encoded forms, keeping repeated fields as arrays', async () => {
    const response = await post('/form', 'a=1&tag=x&tag=y', 'application/x-www-form-urlencoded');
    expect(await response.json()).toEqual({
      body: { a: '1', tag: ['x', 'y'] },
      data: { a: '1', tag: ['x', 'y'] },
    });
  });

  it('reads multipart forms, keeping repeated fields as arrays', async () => {
    const form = new FormData();
    form.append('a', '1');
    form.append('tag', 'x');
    form.append('tag', 'y');
    const response = await post('/form', form);
    expect(await response.json()).toEqual({
      body: { a: '1', tag: ['x', 'y'] },
      data: { a: '1', tag: ['x', 'y'] },
    });
  });

  it('passes multipart files to the handler as File objects, repeated files as an array', async () => {
    const one = new FormData();
    one.append('file', new File(['hello'], 'a.txt', { type: 'text/plain' }));
    expect(await (await post('/upload', one)).json()).toEqual([{ name: 'a.txt', size: 5 }]);

    const two = new FormData();
    two.append('file', new File(['hello'], 'a.txt'));
    two.append('file', new File(['hi'], 'b.txt'));
    expect(await (await post('/upload', two)).json()).toEqual([
      { name: 'a.txt', size: 5 },
      { name: 'b.txt', size: 2 },
    ]);
  });

  it('treats a malformed multipart body as {}', async () => {
    const response = await post('/form', '--nope\r\ngarbage', 'multipart/form-data; boundary=xyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ body: {}, data: {} });
  });

  it('keeps repeated query keys as arrays and single keys as scalars', async () => {
    const many = await fetch(`${base}/echo/1?tag=a&tag=b`);
    expect(((await many.json()) as { query: unknown }).query).toEqual({ tag: ['a', 'b'] });
    const one = await fetch(`${base}/echo/1?tag=a`);
    expect(((await one.json()) as { query: unknown }).query).toEqual({ tag: 'a' });
  });
});

/** A chunked POST of `size` bytes of JSON-ish text, streamed in 64 KiB chunks: no Content-Length. */
function chunkedPost(path: string, size: number, contentType = 'application/json') {
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    // The server may stop reading once it has answered: what is still being sent may meet a closed socket.
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' ? undefined : reject(error),
    );
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

describe('defineApiRoute: body size', () => {
  it('refuses a declared Content-Length over 1 MiB with 413, before the handler runs', async () => {
    const before = calls.handler;
    const response = await rawRequest('POST', '/guarded', JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: 413 });
    expect(calls.handler).toBe(before);
  });

  it('refuses a chunked JSON body once it passes 1 MiB', async () => {
    expect(await chunkedPost('/hand', 3 * 1024 * 1024)).toBe(413);
  });

  it('refuses a chunked multipart body once it passes 1 MiB', async () => {
    expect(await chunkedPost('/form', 3 * 1024 * 1024, 'multipart/form-data; boundary=xyz')).toBe(413);
  });

  it('reads a body just under the cap', async () => {
    const name = 'x'.repeat(1024 * 1024 - 100);
    const response = await postJson('/hand', { name });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toHaveLength(name.length);
  });
});

describe('defineApiRoute: any Standard Schema library', () => {
  it('works with valibot', async () => {
    expect(await (await postJson('/valibot', { name: 'Ada' })).json()).toEqual({ name: 'Ada' });
    expect((await postJson('/valibot', { name: '' })).status).toBe(422);
  });

  it('works with a hand-written schema object', async () => {
    expect(await (await postJson('/hand', { name: 'Ada' })).json()).toEqual({ name: 'Ada' });
    const response = await postJson('/hand', {});
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual([{ message: 'name is required', path: ['name'] }]);
  });
});

describe('defineApiRoute: responses', () => {
  it('sends a plain return value as 200 JSON with a charset', async () => {
    const response = await fetch(`${base}/raw/x`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('sends a returned string as JSON, not as HTML', async () => {
    const response = await fetch(`${base}/text`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toBe('plain words');
  });

  it('sends a returned json() Response unchanged', async () => {
    const response = await fetch(`${base}/response/json`);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ made: 'by json' });
  });

  it('sends a returned redirect() Response unchanged', async () => {
    const response = await fetch(`${base}/response/redirect`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/elsewhere');
  });

  it('sends a returned fail() Response unchanged', async () => {
    const response = await fetch(`${base}/response/fail`);
    expect(response.status).toBe(409);
    expect(response.headers.get('x-analog-errors')).toBe('true');
    expect(await response.json()).toEqual({ reason: 'taken' });
  });

  it('keeps the status code and message of a thrown createError', async () => {
    const response = await fetch(`${base}/teapot`);
    expect(response.status).toBe(418);
    expect(response.statusText).toBe('Short and stout');
  });
});

describe('defineApiRoute: hostile keys', () => {
  it('lets no __proto__ key in the query or a JSON body reach a prototype', async () => {
    const response = await fetch(`${base}/proto?__proto__[polluted]=yes&constructor=x&prototype=y`, {
      method: 'POST',
      body: '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "ok": 1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { queryKeys: string[]; bodyKeys: string[]; polluted: unknown };
    expect(result.polluted).toBeNull();
    expect(result.bodyKeys).not.toContain('__proto__');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each([
    ['spelled out', '{"__proto__": {"polluted": "yes"}, "ok": 1}'],
    ['spelled with JSON \\u escapes', '{"\\u005f_proto__": {"polluted": "yes"}, "ok": 1}'],
  ])('parses a JSON body without its __proto__ key %s', async (_spelling, text) => {
    const response = await post('/parsed-keys', text, 'application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ keys: ['ok'], ownProto: false });
  });

  it('lets no __proto__ field of a form reach a prototype', async () => {
    const response = await post(
      '/proto',
      '__proto__=x&__proto__[polluted]=yes&constructor=c&prototype=p',
      'application/x-www-form-urlencoded',
    );
    const result = (await response.json()) as { bodyKeys: string[]; polluted: unknown };
    expect(result.polluted).toBeNull();
    expect(result.bodyKeys).not.toContain('__proto__');
    expect(result.bodyKeys).toEqual(expect.arrayContaining(['constructor', 'prototype']));
  });
});

describe('defineApiRoute: output', () => {
  it('warns with each issue path and message in tests, and sends the value unchanged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const response = await fetch(`${base}/checked-output?broken=1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'not a number' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/id: .*number/i);
  });

  it('stays silent when the value matches', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await fetch(`${base}/checked-output`);
    expect(warn).not.toHaveBeenCalled();
  });

  it('never evaluates the output schema in production', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const validate = vi.fn(() => ({ issues: [{ message: 'always wrong' }] }));
    const counted: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'counter', validate } };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const url = await serveRoutes({
      '/counted': defineApiRoute({ output: counted, handler: () => ({ id: 1 }) }),
    });
    try {
      expect(await (await fetch(`${url}/counted`)).json()).toEqual({ id: 1 });
      expect(validate).not.toHaveBeenCalled();
      expect(warn).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('checks output in development', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await fetch(`${base}/checked-output?broken=1`);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
