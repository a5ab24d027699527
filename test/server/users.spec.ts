import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

interface User {
  id: number;
  name: string;
}

const send = (method: string, path: string, body?: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

async function createUser(name: string): Promise<User> {
  const response = await send('POST', '/api/v1/users', { name });
  expect(response.status).toBe(201);
  return (await response.json()) as User;
}

describe('GET /api/v1/users', () => {
  it('lists users, demo users first', async () => {
    const response = await fetch(`${baseUrl}/api/v1/users`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const users = (await response.json()) as User[];
    expect(users.slice(0, 3).map((user) => user.id)).toEqual([1, 2, 3]);
  });
});

describe('POST /api/v1/users', () => {
  it('creates a user with 201 and a new id', async () => {
    const user = await createUser('Katherine Johnson');
    expect(user).toEqual({ id: expect.any(Number), name: 'Katherine Johnson' });
    const listed = (await (await fetch(`${baseUrl}/api/v1/users`)).json()) as User[];
    expect(listed).toContainEqual(user);
  });

  it('loses nothing to 100 concurrent creates: 100 distinct ids, all listed', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, (_, n) => createUser(`Parallel ${n}`)));
    expect(new Set(users.map((user) => user.id)).size).toBe(100);
    const listed = (await (await fetch(`${baseUrl}/api/v1/users`)).json()) as User[];
    for (const user of users) expect(listed).toContainEqual(user);
  });

  it.each([{}, { name: '' }, { name: 42 }, { name: 'x'.repeat(101) }])(
    'rejects %j with 422',
    async (body) => {
      const response = await send('POST', '/api/v1/users', body);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ data: [{ path: ['name'] }] });
    },
  );

  it('rejects broken JSON with a JSON 400', async () => {
    const response = await fetch(`${baseUrl}/api/v1/users`, {
      method: 'POST',
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('GET /api/v1/users/:id', () => {
  it('answers the user', async () => {
    const user = await createUser('Hedy Lamarr');
    const response = await fetch(`${baseUrl}/api/v1/users/${user.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(user);
  });

  it('answers 404 through createError for an unknown id', async () => {
    const response = await fetch(`${baseUrl}/api/v1/users/999999`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ statusCode: 404, statusMessage: 'User 999999 not found' });
  });

  it.each(['abc', '1.5', '0', '2147483648'])(
    'rejects the id %s, which no user can have, with a JSON 400',
    async (id) => {
      const response = await fetch(`${baseUrl}/api/v1/users/${id}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ statusMessage: 'User id must be a positive integer' });
    },
  );
});

describe('PUT /api/v1/users/:id', () => {
  it('renames the user', async () => {
    const user = await createUser('Old name');
    const response = await send('PUT', `/api/v1/users/${user.id}`, { name: 'New name' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ id: user.id, name: 'New name' });
  });

  it.each(['0', '-1', '1.5', 'abc'])('rejects id %s with 422 and X-Analog-Errors', async (id) => {
    const response = await send('PUT', `/api/v1/users/${id}`, { name: 'Ada' });
    expect(response.status).toBe(422);
    expect(response.headers.get('x-analog-errors')).toBe('true');
    expect(((await response.json()) as { path: string[] }[])[0].path).toEqual(['id']);
  });

  it('rejects an empty name with 422', async () => {
    const user = await createUser('Keeps name');
    const response = await send('PUT', `/api/v1/users/${user.id}`, { name: '' });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { path: string[] }[])[0].path).toEqual(['name']);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await send('PUT', '/api/v1/users/999999', { name: 'Ada' })).status).toBe(404);
  });
});

describe('DELETE /api/v1/users/:id', () => {
  it('deletes with 204 and no body, and a later GET answers 404', async () => {
    const user = await createUser('Temporary');
    const response = await send('DELETE', `/api/v1/users/${user.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await fetch(`${baseUrl}/api/v1/users/${user.id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await send('DELETE', '/api/v1/users/999999');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each(['abc', '1.5', '-1', '0', '1e3'])(
    'rejects the id %s with a JSON 400 and deletes nothing',
    async (id) => {
      const response = await send('DELETE', `/api/v1/users/${id}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({
        statusCode: 400,
        statusMessage: 'User id must be a positive integer',
      });
      expect((await fetch(`${baseUrl}/api/v1/users/1`)).status).toBe(200);
    },
  );

  it('stays deleted when a rename races the delete', async () => {
    const user = await createUser('Racing');
    await Promise.all([
      send('PUT', `/api/v1/users/${user.id}`, { name: 'Renamed' }),
      send('DELETE', `/api/v1/users/${user.id}`),
    ]);
    expect((await fetch(`${baseUrl}/api/v1/users/${user.id}`)).status).toBe(404);
  });
});
