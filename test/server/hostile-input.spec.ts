import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
/** Every request goes as the admin, whom the users routes let in: the strings are what is tested. */
const cookie = inject('adminCookie');

const send = (method: string, path: string, body?: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', cookie },
  });

/** SQL that would run if any query were built by concatenation. */
const injections = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "Robert'); DROP TABLE todos;--",
  '"; SELECT 1; --',
];
const nul = 'before\u0000after';

describe('hostile strings in users and todos', () => {
  it.each(injections)('stores and echoes the name %j as plain data', async (name) => {
    const created = await send('POST', '/api/v1/users', { name });
    expect(created.status).toBe(201);
    const user = (await created.json()) as { id: number; name: string };
    expect(user.name).toBe(name);
    expect(await (await send('GET', `/api/v1/users/${user.id}`)).json()).toEqual(user);

    const renamed = await send('PUT', `/api/v1/users/${user.id}`, { name: `${name} again` });
    expect(await renamed.json()).toEqual({ id: user.id, name: `${name} again` });
  });

  it.each(injections)('stores and echoes the todo title %j as plain data', async (title) => {
    const created = await send('POST', '/api/v1/todos', { title });
    expect(created.status).toBe(201);
    const todo = (await created.json()) as { id: string; title: string };
    expect(todo.title).toBe(title);

    const renamed = await send('PATCH', `/api/v1/todos/${todo.id}`, { title: `${title} again` });
    expect(await renamed.json()).toMatchObject({ id: todo.id, title: `${title} again` });
  });

  it.each([
    ['POST', '/api/v1/users', { name: nul }],
    ['PUT', '/api/v1/users/1', { name: nul }],
    ['POST', '/api/v1/todos', { title: nul }],
  ])('refuses a NUL byte in %s %s with a JSON 422', async (method, path, body) => {
    const response = await send(method, path, body);
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  it('refuses a NUL byte in a todo rename with a JSON 422', async () => {
    const todo = (await (await send('POST', '/api/v1/todos', { title: 'Keep me' })).json()) as { id: string };
    expect((await send('PATCH', `/api/v1/todos/${todo.id}`, { title: nul })).status).toBe(422);
  });

  it.each([...injections, nul])('answers a 4xx for the path parameter %j', async (param) => {
    const encoded = encodeURIComponent(param);
    for (const response of [
      await send('GET', `/api/v1/users/${encoded}`),
      await send('PUT', `/api/v1/users/${encoded}`, { name: 'Ada' }),
      await send('DELETE', `/api/v1/users/${encoded}`),
      await send('PATCH', `/api/v1/todos/${encoded}`, { done: true }),
      await send('DELETE', `/api/v1/todos/${encoded}`),
      await fetch(`${baseUrl}/api/v1/todos?done=${encoded}`),
    ]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.headers.get('content-type')).toMatch(/json/);
    }
  });

  it('leaves both tables intact afterwards', async () => {
    const users = (await (await send('GET', '/api/v1/users')).json()) as { id: number }[];
    expect(users.slice(0, 3).map((user) => user.id)).toEqual([1, 2, 3]);
    const todos = await fetch(`${baseUrl}/api/v1/todos`);
    expect(todos.status).toBe(200);
    expect(((await todos.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  });
});

describe('JSON bodies nested deeper than 64 levels', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  const post = (body: string) =>
    fetch(`${baseUrl}/api/v1/todos`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });

  it('refuses half a million unclosed brackets with a JSON 400, before any parser runs', async () => {
    const response = await post('['.repeat(500_000));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({
      statusCode: 400,
      message: 'JSON bodies may nest arrays and objects at most 64 levels deep',
    });
  });

  it('refuses a valid todo that carries a value nested 65 deep, and stores the same todo nested 64 deep', async () => {
    const deep = await post(`{"title":"Deep","extra":${nested(64)}}`);
    expect(deep.status).toBe(400);
    const withinLimit = await post(`{"title":"Within the limit","extra":${nested(63)}}`);
    expect(withinLimit.status).toBe(201);
    expect(await withinLimit.json()).toMatchObject({ title: 'Within the limit' });
  });
});
