import { type H3Event, sealSession } from 'h3';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { type RunningServer, startProductionServer, testSessionSecret } from '../support/server';
import { stopAndCheckLog } from '../support/server-log';
import {
  deviceCookie,
  newAccount,
  openSession,
  postJson,
  sessionCookie,
  sessionSetCookie,
} from '../support/sessions';

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

  it('marks the browser with a long-lived, signed HttpOnly device cookie bound to the account', async () => {
    const account = await signedUp();
    const response = await post('/api/v1/auth/sign-in', account);
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('device='));
    expect(setCookie).toMatch(
      /^device=\d+\.[\w-]+\.[\w-]+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/,
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
    const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie: sessionCookie(response) } });
    expect(await me.json()).toMatchObject({ id: other.id });
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
    // A live session, its cookie sealed again as if it had started 7 days (lib/auth/sessions.ts's
    // maxAge) minus 2.5 s ago, as the server seals.
    const { cookie: live } = await signedUp('Expiring');
    const maxAge = 60 * 60 * 24 * 7;
    const expiresAt = Date.now() + 2500;
    const session = { ...(await openSession(live)), createdAt: expiresAt - maxAge * 1000 };
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

  it('answers the signed-in account, for this user only: Cache-Control private, no-store', async () => {
    const { cookie, id, email } = await signedUp('Dorothy');
    const response = await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({ id, name: 'Dorothy', email });
  });

  it('refuses a cookie whose session id the server never started, though its seal is valid', async () => {
    const { cookie } = await signedUp();
    const session = { ...(await openSession(cookie)), id: crypto.randomUUID() };
    const event = { context: { sessions: { session } } } as unknown as H3Event;
    const forged = `session=${await sealSession(event, { name: 'session', password: testSessionSecret })}`;
    expect((await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie: forged } })).status).toBe(401);
  });
});

describe('GET /api/v1/me with two session cookies', () => {
  it('is no session, whichever comes first: the server cannot tell which one it set', async () => {
    const [ada, grace] = [await signedUp('Ada'), await signedUp('Grace')];
    for (const cookie of [`${ada.cookie}; ${grace.cookie}`, `${ada.cookie}; session=tossed`]) {
      expect((await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie } })).status).toBe(401);
    }
    expect((await fetch(`${baseUrl}/api/v1/me`, { headers: { cookie: ada.cookie } })).status).toBe(200);
  });
});

describe('POST /api/v1/auth/sign-up over HTTPS (behind a trusted proxy)', () => {
  let server: RunningServer;
  const https = { 'x-forwarded-proto': 'https' };

  beforeAll(async () => {
    server = await startProductionServer(undefined, { TRUST_PROXY: '1' });
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it('names its cookies __Host-session and __Host-device: Secure, Path=/, no Domain', async () => {
    const response = await postJson(server.url, '/api/v1/auth/sign-up', newAccount(), https);
    expect(response.status).toBe(201);
    const lines = response.headers.getSetCookie();
    expect(lines).toEqual([
      expect.stringMatching(/^__Host-session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/),
      expect.stringMatching(
        /^__Host-device=[^;]+; Max-Age=15552000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      ),
    ]);
    expect(deviceCookie(response)).toMatch(/^__Host-device=/);
    const cookie = sessionCookie(response);
    const me = (headers: Record<string, string>) => fetch(`${server.url}/api/v1/me`, { headers });
    expect((await me({ ...https, cookie })).status).toBe(200);
    // Over HTTPS only the prefixed name counts: a plain `session` cookie may come from a sibling domain.
    expect((await me({ ...https, cookie: cookie.replace('__Host-', '') })).status).toBe(401);
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

const readMe = (cookie: string) => fetch(`${baseUrl}/api/v1/me`, { headers: { cookie } });

/** Signs `account` in again, from the same address: a second browser's session. */
async function signedInAgain(account: { email: string; password: string }) {
  const response = await post('/api/v1/auth/sign-in', account);
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

describe('POST /api/v1/auth/sign-out', () => {
  it('answers 204 and expires the session cookie with the same flags', async () => {
    const { cookie } = await signedUp();
    const response = await post('/api/v1/auth/sign-out', {}, { cookie });
    expect(response.status).toBe(204);
    expect(sessionSetCookie(response)).toMatch(/^session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('ends the session on the server: a copy of its cookie, verified before, answers 401 at once', async () => {
    const account = await signedUp();
    const other = await signedInAgain(account);
    expect((await readMe(account.cookie)).status).toBe(200);
    expect((await post('/api/v1/auth/sign-out', {}, { cookie: account.cookie })).status).toBe(204);
    expect((await readMe(account.cookie)).status).toBe(401);
    // Only that session: the same account's other browser stays signed in.
    expect((await readMe(other)).status).toBe(200);
  });

  it('answers 204 without a session too', async () => {
    expect((await post('/api/v1/auth/sign-out', {})).status).toBe(204);
  });
});

describe('POST /api/v1/auth/sign-out-everywhere', () => {
  it('answers 401 without a session', async () => {
    const response = await post('/api/v1/auth/sign-out-everywhere', {});
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ statusCode: 401, message: 'Sign in first' });
  });

  it("ends every session of the account, this one too, and no one else's", async () => {
    const account = await signedUp();
    const second = await signedInAgain(account);
    const stranger = await signedUp();
    const response = await post('/api/v1/auth/sign-out-everywhere', {}, { cookie: second });
    expect(response.status).toBe(204);
    expect(sessionSetCookie(response)).toMatch(/^session=; Max-Age=0;/);
    expect((await readMe(account.cookie)).status).toBe(401);
    expect((await readMe(second)).status).toBe(401);
    expect((await readMe(stranger.cookie)).status).toBe(200);
    // Signing in again works as before.
    expect((await readMe(await signedInAgain(account))).status).toBe(200);
  });
});

describe('PUT /api/v1/auth/password', () => {
  const change = (body: unknown, cookie = '') =>
    fetch(`${baseUrl}/api/v1/auth/password`, {
      method: 'PUT',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie },
    });
  const newPassword = 'a new horse battery';

  it('answers 401 without a session', async () => {
    const response = await change({ currentPassword: 'whatever it was', newPassword });
    expect(response.status).toBe(401);
  });

  it('changes the password and ends every session, this browser signed in again under a new one', async () => {
    const account = await signedUp();
    const other = await signedInAgain(account);
    const response = await change({ currentPassword: account.password, newPassword }, account.cookie);
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const renewed = sessionCookie(response);
    expect(renewed).not.toBe('');
    expect(renewed).not.toBe(account.cookie);
    expect((await readMe(renewed)).status).toBe(200);
    // A copy of the cookie the change came with (a stolen one) ends with the others.
    expect((await readMe(account.cookie)).status).toBe(401);
    expect((await readMe(other)).status).toBe(401);
    const withOld = await post('/api/v1/auth/sign-in', account);
    expect(withOld.status).toBe(401);
    expect((await post('/api/v1/auth/sign-in', { email: account.email, password: newPassword })).status).toBe(
      200,
    );
  });

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const account = await signedUp();
    const other = await signedInAgain(account);
    const response = await change({ currentPassword: 'not the password', newPassword }, account.cookie);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      statusCode: 403,
      message: 'Your current password is wrong',
    });
    expect((await readMe(other)).status).toBe(200);
    expect((await post('/api/v1/auth/sign-in', account)).status).toBe(200);
  });

  it.each([
    ['a short new password', { newPassword: 'short' }, 'newPassword'],
    ['a 1 MB new password', { newPassword: 'x'.repeat(1_000_000) }, 'newPassword'],
    ['no current password', { currentPassword: '' }, 'currentPassword'],
  ])('rejects %s with 422', async (_case, change_, field) => {
    const account = await signedUp();
    const response = await change(
      { currentPassword: account.password, newPassword, ...change_ },
      account.cookie,
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toContainEqual(expect.objectContaining({ path: [field] }));
  });

  it('answers 429 after 5 wrong current passwords, and counts the refused ones nowhere', async () => {
    const account = await signedUp();
    const wrong = { currentPassword: 'not the password', newPassword };
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await change(wrong, account.cookie)).status).toBe(403);
    const refused = await change(wrong, account.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe('"password-change";q=5;w=900');
    expect((await change({ ...wrong, currentPassword: account.password }, account.cookie)).status).toBe(429);
  });
});

/** Every spelling of "go to evil.example" a `next` may try: each resolves, on this site, to `//evil.example`. */
const openRedirects = [
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/./\\evil.example',
  '/a/..//evil.example',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example/account',
];

/** Posts the sign-in page's form to its server action, as a plain form (`html`) or as the hydrated `FormAction` does. */
const postSignInForm = (fields: Record<string, string>, html: boolean) =>
  fetch(`${baseUrl}/api/_analog/pages/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(fields),
    headers: { origin: new URL(baseUrl).origin, accept: html ? 'text/html' : 'application/json' },
  });

describe('PAGE /sign-in', () => {
  for (const html of [true, false]) {
    const how = html ? 'a plain form post' : 'the hydrated form';
    it.each(openRedirects)(`sends ${how} with next=%s to /, signed in`, async (next) => {
      const { email, password } = await signedUp();
      const response = await postSignInForm({ email, password, next }, html);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/');
      expect(sessionCookie(response)).not.toBe('');
    });
  }

  it('follows a next that is a path on this site', async () => {
    const { email, password } = await signedUp();
    const response = await postSignInForm({ email, password, next: '/account?tab=name#top' }, true);
    expect(response.headers.get('location')).toBe('/account?tab=name#top');
  });

  it('sends a refused plain form post back with codes, not messages, in the query', async () => {
    const response = await postSignInForm(
      { email: `${crypto.randomUUID()}@example.com`, password: 'x' },
      true,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sign-in?error.form=wrong-credentials');
  });

  it('sends field errors back as codes too, whatever the validator calls them', async () => {
    const response = await fetch(`${baseUrl}/api/_analog/pages/sign-up`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ email: 'not-an-email', name: 'Ada', password: 'short', next: '/account' }),
      headers: { origin: new URL(baseUrl).origin, accept: 'text/html' },
    });
    expect(response.headers.get('location')).toBe(
      '/sign-up?error.email=email-invalid&error.password=password-short&next=%2Faccount',
    );
  });

  it.each(['/sign-in', '/sign-up'])(
    'shows only messages from its list on %s, never text from the query',
    async (page) => {
      const spoofed = await (
        await fetch(`${baseUrl}${page}?error.form=Your%20account%20is%20suspended`)
      ).text();
      expect(spoofed).not.toMatch(/role="alert"/);
      expect(spoofed).not.toMatch(/<p[^>]*>Your account is suspended/);
      const known = await (await fetch(`${baseUrl}${page}?error.form=too-many-attempts`)).text();
      expect(known).toMatch(/role="alert"[^>]*>Too many attempts\. Wait a few minutes, then try again\.</);
    },
  );
});

describe('PAGE /account', () => {
  it('is served with Cache-Control: private, no-store', async () => {
    const { cookie } = await signedUp();
    const response = await fetch(`${baseUrl}/account`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('signs out everywhere from a plain form post', async () => {
    const account = await signedUp();
    const second = await signedInAgain(account);
    const response = await fetch(`${baseUrl}/api/_analog/pages/account`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ intent: 'sign-out-everywhere' }),
      headers: { origin: new URL(baseUrl).origin, accept: 'text/html', cookie: account.cookie },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/sign-in');
    expect((await readMe(account.cookie)).status).toBe(401);
    expect((await readMe(second)).status).toBe(401);
  });
});
