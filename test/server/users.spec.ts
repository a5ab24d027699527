import { describe, expect, inject, it } from 'vitest';

import { newAccount, postJson, sessionCookie } from '../support/sessions';

const baseUrl = inject('baseUrl');
/** The server's admin: `testAdmin`, listed in its ADMIN_EMAILS. */
const admin = inject('adminCookie');

interface User {
  id: number;
  name: string;
}

const send = (method: string, path: string, body?: unknown, cookie?: string) =>
  fetch(`${baseUrl}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

/** A new account, signed up: its user id and session cookie. */
async function signedUp(name: string): Promise<User & { cookie: string }> {
  const response = await postJson(baseUrl, '/api/v1/auth/sign-up', newAccount(name));
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as User).id, name, cookie: sessionCookie(response) };
}

/** A user without credentials, created by the admin. */
async function createUser(name: string): Promise<User> {
  const response = await send('POST', '/api/v1/users', { name }, admin);
  expect(response.status).toBe(201);
  return (await response.json()) as User;
}

/** The user as the admin reads it, or `undefined` once it is gone. */
async function stored(id: number): Promise<User | undefined> {
  const response = await send('GET', `/api/v1/users/${id}`, undefined, admin);
  return response.status === 404 ? undefined : ((await response.json()) as User);
}

async function expectRefused(response: Response, status: 401 | 403) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const message = status === 401 ? 'Sign in first' : /^Only (an admin|its owner or an admin) may do this$/;
  expect(await response.json()).toMatchObject({ statusCode: status, message });
}

describe('GET /api/v1/users', () => {
  it('lists users to an admin, demo users first', async () => {
    const response = await send('GET', '/api/v1/users', undefined, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const users = (await response.json()) as User[];
    expect(users.slice(0, 3).map((user) => user.id)).toEqual([1, 2, 3]);
  });

  it('answers 401 without a session, listing no one', async () => {
    await expectRefused(await send('GET', '/api/v1/users'), 401);
  });

  it('answers 403 to an account that is not an admin, listing no one', async () => {
    const { cookie } = await signedUp('Curious');
    await expectRefused(await send('GET', '/api/v1/users', undefined, cookie), 403);
  });
});

describe('POST /api/v1/users', () => {
  it('creates a user with 201 and a new id, for an admin', async () => {
    const user = await createUser('Katherine Johnson');
    expect(user).toEqual({ id: expect.any(Number), name: 'Katherine Johnson' });
    const listed = (await (await send('GET', '/api/v1/users', undefined, admin)).json()) as User[];
    expect(listed).toContainEqual(user);
  });

  it('answers 401 without a session and 403 to an account that is not an admin, storing nothing', async () => {
    const name = `Intruder ${crypto.randomUUID()}`;
    const { cookie } = await signedUp('Not an admin');
    await expectRefused(await send('POST', '/api/v1/users', { name }), 401);
    await expectRefused(await send('POST', '/api/v1/users', { name }, cookie), 403);
    const listed = (await (await send('GET', '/api/v1/users', undefined, admin)).json()) as User[];
    expect(listed.filter((user) => user.name === name)).toEqual([]);
  });

  it('loses nothing to 100 concurrent creates: 100 distinct ids, all listed', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, (_, n) => createUser(`Parallel ${n}`)));
    expect(new Set(users.map((user) => user.id)).size).toBe(100);
    const listed = (await (await send('GET', '/api/v1/users', undefined, admin)).json()) as User[];
    for (const user of users) expect(listed).toContainEqual(user);
  });

  it.each([{}, { name: '' }, { name: 42 }, { name: 'x'.repeat(101) }])(
    'rejects %j with 422',
    async (body) => {
      const response = await send('POST', '/api/v1/users', body, admin);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ data: [{ path: ['name'] }] });
    },
  );

  it('rejects broken JSON with a JSON 400', async () => {
    const response = await fetch(`${baseUrl}/api/v1/users`, {
      method: 'POST',
      body: '{"name": ',
      headers: { 'content-type': 'application/json', cookie: admin },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('GET /api/v1/users/:id', () => {
  it('answers the account its own user', async () => {
    const owner = await signedUp('Hedy Lamarr');
    const response = await send('GET', `/api/v1/users/${owner.id}`, undefined, owner.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: owner.id, name: 'Hedy Lamarr' });
  });

  it('answers an admin any user', async () => {
    const user = await createUser('Hedy Lamarr');
    const response = await send('GET', `/api/v1/users/${user.id}`, undefined, admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(user);
  });

  it('answers 401 without a session and 403 to another account', async () => {
    const [owner, other] = [await signedUp('Owner'), await signedUp('Other')];
    await expectRefused(await send('GET', `/api/v1/users/${owner.id}`), 401);
    await expectRefused(await send('GET', `/api/v1/users/${owner.id}`, undefined, other.cookie), 403);
  });

  it('answers another account 403 for an id no one has, so ids cannot be probed', async () => {
    const { cookie } = await signedUp('Prober');
    await expectRefused(await send('GET', '/api/v1/users/999999', undefined, cookie), 403);
  });

  it('answers 404 through createError for an unknown id', async () => {
    const response = await send('GET', '/api/v1/users/999999', undefined, admin);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ statusCode: 404, statusMessage: 'User 999999 not found' });
  });

  it.each(['abc', '1.5', '0', '2147483648'])(
    'rejects the id %s, which no user can have, with a JSON 400',
    async (id) => {
      const response = await send('GET', `/api/v1/users/${id}`, undefined, admin);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ statusMessage: 'User id must be a positive integer' });
    },
  );
});

describe('PUT /api/v1/users/:id', () => {
  it('lets an account rename itself', async () => {
    const owner = await signedUp('Old name');
    const response = await send('PUT', `/api/v1/users/${owner.id}`, { name: 'New name' }, owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ id: owner.id, name: 'New name' });
  });

  it('lets an admin rename any user', async () => {
    const user = await createUser('Old name');
    const response = await send('PUT', `/api/v1/users/${user.id}`, { name: 'New name' }, admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: user.id, name: 'New name' });
  });

  it('answers 401 without a session and 403 to another account, renaming nothing', async () => {
    const [owner, other] = [await signedUp('Victim'), await signedUp('Mallory')];
    await expectRefused(await send('PUT', `/api/v1/users/${owner.id}`, { name: 'Pwned' }), 401);
    await expectRefused(await send('PUT', `/api/v1/users/${owner.id}`, { name: 'Pwned' }, other.cookie), 403);
    expect(await stored(owner.id)).toEqual({ id: owner.id, name: 'Victim' });
  });

  it.each(['0', '-1', '1.5', 'abc'])('rejects id %s with 422 and X-Analog-Errors', async (id) => {
    const response = await send('PUT', `/api/v1/users/${id}`, { name: 'Ada' }, admin);
    expect(response.status).toBe(422);
    expect(response.headers.get('x-analog-errors')).toBe('true');
    expect(((await response.json()) as { path: string[] }[])[0].path).toEqual(['id']);
  });

  it('rejects an empty name with 422', async () => {
    const user = await createUser('Keeps name');
    const response = await send('PUT', `/api/v1/users/${user.id}`, { name: '' }, admin);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { path: string[] }[])[0].path).toEqual(['name']);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await send('PUT', '/api/v1/users/999999', { name: 'Ada' }, admin)).status).toBe(404);
  });
});

describe('DELETE /api/v1/users/:id', () => {
  it('lets an account delete itself: 204, and its session ends with it', async () => {
    const owner = await signedUp('Leaving');
    const response = await send('DELETE', `/api/v1/users/${owner.id}`, undefined, owner.cookie);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await stored(owner.id)).toBeUndefined();
    expect((await send('GET', '/api/v1/me', undefined, owner.cookie)).status).toBe(401);
  });

  it('lets an admin delete any user with 204, and a later GET answers 404', async () => {
    const user = await createUser('Temporary');
    const response = await send('DELETE', `/api/v1/users/${user.id}`, undefined, admin);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await send('GET', `/api/v1/users/${user.id}`, undefined, admin)).status).toBe(404);
  });

  it('answers 401 without a session and 403 to another account, deleting nothing', async () => {
    const [owner, other] = [await signedUp('Victim'), await signedUp('Mallory')];
    await expectRefused(await send('DELETE', `/api/v1/users/${owner.id}`), 401);
    await expectRefused(await send('DELETE', `/api/v1/users/${owner.id}`, undefined, other.cookie), 403);
    expect(await stored(owner.id)).toEqual({ id: owner.id, name: 'Victim' });
    expect((await send('GET', '/api/v1/me', undefined, owner.cookie)).status).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await send('DELETE', '/api/v1/users/999999', undefined, admin);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each(['abc', '1.5', '-1', '0', '1e3'])(
    'rejects the id %s with a JSON 400 and deletes nothing',
    async (id) => {
      const response = await send('DELETE', `/api/v1/users/${id}`, undefined, admin);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({
        statusCode: 400,
        statusMessage: 'User id must be a positive integer',
      });
      expect(await stored(1)).toBeDefined();
    },
  );

  it('stays deleted when a rename races the delete', async () => {
    const user = await createUser('Racing');
    await Promise.all([
      send('PUT', `/api/v1/users/${user.id}`, { name: 'Renamed' }, admin),
      send('DELETE', `/api/v1/users/${user.id}`, undefined, admin),
    ]);
    expect(await stored(user.id)).toBeUndefined();
  });
});
