import { type H3Event, sealSession } from 'h3';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';

import { testSessionSecret } from '../support/server';
import { newAccount, openSession, postJson, sessionCookie, sessionSetCookie } from '../support/sessions';

const baseUrl = inject('baseUrl');
const post = (path: string, body: unknown, headers?: Record<string, string>) =>
  postJson(baseUrl, path, body, headers);

/** Signs a new account up and answers it with its session cookie. */
async function signedUp(name = 'Ada') {
  const account = newAccount(name);
  const response = await post('/api/v1/auth/sign-up', account);
  expect(response.status).toBe(201);
  return { ...account, id: ((await response.json()) as { id: number }).id, cookie: sessionCookie(response) };
}

describe('POST /api/v1/auth/sign-up', () => {
  it('creates the account with 201, without its hash, and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const account = newAccount('Grace');
    const response = await post('/api/v1/auth/sign-up', account);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: expect.any(Number), name: 'Grace', email: account.email });
    const setCookie = sessionSetCookie(response);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    // Plain HTTP without a trusted proxy: a Secure cookie would never come back.
    expect(setCookie).not.toMatch(/; Secure/);
  });

  it('answers 409 for an email that has an account, whatever its case', async () => {
    const { email } = await signedUp();
    const again = await post('/api/v1/auth/sign-up', { ...newAccount(), email: email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ statusCode: 409, message: 'That email has an account' });
  });

  it.each([
    ['a 1 MB password', { password: 'x'.repeat(1_000_000) }, 'password'],
    ['a 129-character password', { password: 'x'.repeat(129) }, 'password'],
    ['a short password', { password: 'short' }, 'password'],
    ['a NUL in the password', { password: 'correct\u0000horse' }, 'password'],
    ['a NUL in the name', { name: 'Ada\u0000Lovelace' }, 'name'],
    ['a NUL in the email', { email: 'ada\u0000@example.com' }, 'email'],
    ['SQL as the email', { email: "' OR '1'='1" }, 'email'],
    ['a number as the email', { email: 42 }, 'email'],
  ])('rejects %s with 422 before hashing', async (_case, change, field) => {
    const response = await post('/api/v1/auth/sign-up', { ...newAccount(), ...change });
    expect(response.status).toBe(422);
    expect(sessionCookie(response)).toBe('');
    expect(await response.json()).toContainEqual(expect.objectContaining({ path: [field] }));
  });

  it('stores SQL in the name as plain text and ignores a __proto__ key', async () => {
    const name = "Robert'); DROP TABLE users;--";
    const response = await fetch(`${baseUrl}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"__proto__": {"admin": true}, ${JSON.stringify(newAccount(name)).slice(1)}`,
    });
    expect(response.status).toBe(201);
    const account = (await response.json()) as Record<string, unknown>;
    expect(account['name']).toBe(name);
    expect(account).not.toHaveProperty('admin');
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
    const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie: sessionCookie(response) } });
    expect(await me.json()).toEqual(account);
  });
});

describe('POST /api/v1/auth/sign-in', () => {
  it('signs in with 200, the account and a session cookie with the same flags', async () => {
    const { email, password, id } = await signedUp('Katherine');
    const response = await post('/api/v1/auth/sign-in', { email: ` ${email.toUpperCase()} `, password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, name: 'Katherine', email });
    expect(sessionSetCookie(response)).toMatch(
      /^session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
  });

  it('starts a session with a new id, never the one the request carried', async () => {
    const first = await signedUp();
    const other = await signedUp();
    const response = await post('/api/v1/auth/sign-in', other, { cookie: first.cookie });
    expect(response.status).toBe(200);
    const before = await openSession(first.cookie);
    const after = await openSession(sessionCookie(response));
    expect(after.id).not.toBe(before.id);
    expect(after.data).toEqual({ userId: other.id });
  });

  it('answers the same 401 body for an unknown email and a wrong password', async () => {
    const { email } = await signedUp();
    const wrongPassword = await post('/api/v1/auth/sign-in', { email, password: 'not the password' });
    const unknownEmail = await post('/api/v1/auth/sign-in', {
      ...newAccount(),
      password: 'not the password',
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const [one, other] = [await wrongPassword.json(), await unknownEmail.json()];
    expect(one).toEqual(other);
    expect(one).toMatchObject({ statusCode: 401, message: 'Email or password is wrong' });
    expect(sessionCookie(wrongPassword)).toBe('');
  });

  it('rejects a 1 MB password with 422, before any hashing', async () => {
    const response = await post('/api/v1/auth/sign-in', { ...newAccount(), password: 'x'.repeat(1_000_000) });
    expect(response.status).toBe(422);
  });
});

describe('GET /api/v1/me', () => {
  it('answers 401 JSON without a session, and sets no cookie', async () => {
    const response = await fetch(`${baseUrl}/api/v1/me`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ statusCode: 401, message: 'Sign in first' });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('treats a tampered cookie as no session', async () => {
    const { cookie } = await signedUp();
    const sealed = cookie.slice('session='.length);
    const flipped = sealed.slice(0, 40) + (sealed[40] === 'A' ? 'B' : 'A') + sealed.slice(41);
    const response = await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie: `session=${flipped}` } });
    expect(response.status).toBe(401);
  });

  it('refuses a tampered copy of a cookie it has verified, and still takes the original', async () => {
    const { cookie } = await signedUp();
    const read = (header: string) => fetch(`${baseUrl}/api/v1/me`, { headers: { cookie: header } });
    expect((await read(cookie)).status).toBe(200);
    const at = 'session='.length + 40;
    const flipped = cookie.slice(0, at) + (cookie[at] === 'A' ? 'B' : 'A') + cookie.slice(at + 1);
    expect((await read(flipped)).status).toBe(401);
    expect((await read(cookie)).status).toBe(200);
  });

  it('ends a session at its expiry, also when its cookie was verified before', async () => {
    const { id } = await signedUp('Expiring');
    // A session started 7 days (lib/sessions.ts's maxAge) minus 2.5 s ago, sealed as the server seals.
    const maxAge = 60 * 60 * 24 * 7;
    const expiresAt = Date.now() + 2500;
    const session = { id: crypto.randomUUID(), createdAt: expiresAt - maxAge * 1000, data: { userId: id } };
    const event = { context: { sessions: { session } } } as unknown as H3Event;
    const cookie = `session=${await sealSession(event, { name: 'session', password: testSessionSecret, maxAge })}`;
    const read = () => fetch(`${baseUrl}/api/v1/me`, { headers: { cookie } });
    expect((await read()).status).toBe(200);
    await sleep(expiresAt - Date.now() + 100);
    expect((await read()).status).toBe(401);
  });

  it('answers 401 once the account is gone, though its cookie was verified before', async () => {
    const { cookie, id } = await signedUp('Removed');
    const read = () => fetch(`${baseUrl}/api/v1/me`, { headers: { cookie } });
    expect((await read()).status).toBe(200);
    const removed = await fetch(`${baseUrl}/api/v1/users/${id}`, { method: 'DELETE', headers: { cookie } });
    expect(removed.status).toBe(204);
    expect((await read()).status).toBe(401);
  });

  it('answers the signed-in account', async () => {
    const { cookie, id, email } = await signedUp('Dorothy');
    const response = await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, name: 'Dorothy', email });
  });
});

describe('PATCH /api/v1/me', () => {
  const patch = (body: unknown, cookie = '') =>
    fetch(`${baseUrl}/api/v1/me`, {
      method: 'PATCH',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie },
    });

  it('answers 401 without a session', async () => {
    const response = await patch({ name: 'Mallory' });
    expect(response.status).toBe(401);
  });

  it('changes the display name of the signed-in account', async () => {
    const { cookie, id, email } = await signedUp('Before');
    const response = await patch({ name: '  After  ' }, cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id, name: 'After', email });
    expect(await (await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie } })).json()).toMatchObject({
      name: 'After',
    });
  });

  it('rejects an empty name with 422', async () => {
    const { cookie } = await signedUp();
    const response = await patch({ name: ' ' }, cookie);
    expect(response.status).toBe(422);
  });
});

describe('POST /api/v1/auth/sign-out', () => {
  it('answers 204 and expires the session cookie with the same flags', async () => {
    const { cookie } = await signedUp();
    const response = await post('/api/v1/auth/sign-out', {}, { cookie });
    expect(response.status).toBe(204);
    expect(sessionSetCookie(response)).toMatch(/^session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});
