import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { type RunningServer, startProductionServer } from '../support/server';
import { newAccount, postJson, sessionSetCookie } from '../support/sessions';

/** Behind a trusted proxy: each test sends its own client address in `X-Forwarded-For`. */
let proxied: RunningServer;
/** Reached directly: the socket's address counts, whatever `X-Forwarded-For` says. */
let direct: RunningServer;

beforeAll(async () => {
  [proxied, direct] = await Promise.all([
    startProductionServer(serverEntry, { TRUST_PROXY: '1' }),
    startProductionServer(serverEntry),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([proxied?.stop(), direct?.stop()]);
});

const address = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 256)).join('.')}`;

const signIn = (
  server: RunningServer,
  body: unknown,
  from = address(),
  headers: Record<string, string> = {},
) => postJson(server.url, '/api/v1/auth/sign-in', body, { 'x-forwarded-for': from, ...headers });

async function signUp(server: RunningServer) {
  const account = newAccount();
  expect(
    (await postJson(server.url, '/api/v1/auth/sign-up', account, { 'x-forwarded-for': address() })).status,
  ).toBe(201);
  return account;
}

describe('sign-in rate limit, one process', () => {
  it('answers the 6th failed sign-in within 15 minutes with 429, Retry-After and the RateLimit headers', async () => {
    const account = await signUp(proxied);
    const wrong = { email: account.email, password: 'not the password' };
    for (let attempt = 1; attempt <= 5; attempt++) expect((await signIn(proxied, wrong)).status).toBe(401);

    const blocked = await signIn(proxied, wrong);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await blocked.json()).toMatchObject({ statusCode: 429 });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.headers.get('ratelimit-policy')).toBe('"sign-in";q=5;w=900');
    expect(blocked.headers.get('ratelimit')).toBe(`"sign-in";r=0;t=${retryAfter}`);

    // The account stays locked for the window, even with the right password from a new address.
    expect((await signIn(proxied, account)).status).toBe(429);
  });

  it("does not block another account's sign-in from another address", async () => {
    const [victim, bystander] = [await signUp(proxied), await signUp(proxied)];
    const attacker = address();
    for (let attempt = 1; attempt <= 6; attempt++) {
      await signIn(proxied, { email: victim.email, password: 'guess' }, attacker);
    }
    expect((await signIn(proxied, bystander)).status).toBe(200);
  });

  it('limits one address across accounts: the 6th failure from it is a 429 even for a new email', async () => {
    const from = address();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(proxied, { ...newAccount(), password: 'guess' }, from)).status).toBe(401);
    }
    const account = await signUp(proxied);
    expect((await signIn(proxied, account, from)).status).toBe(429);
  });

  it('counts successes out: six good sign-ins in a row all pass', async () => {
    const account = await signUp(proxied);
    const from = address();
    for (let attempt = 1; attempt <= 6; attempt++)
      expect((await signIn(proxied, account, from)).status).toBe(200);
  });

  it('lets exactly 5 of 10 concurrent failures through: the counter is one atomic upsert', async () => {
    const { email } = await signUp(proxied);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => signIn(proxied, { email, password: 'guess' })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('takes the last X-Forwarded-For entry, the one the proxy added, not what the client wrote first', async () => {
    const from = address();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(proxied, { ...newAccount(), password: 'guess' }, `${address()}, ${from}`);
    }
    const account = await signUp(proxied);
    expect((await signIn(proxied, account, `${address()}, ${from}`)).status).toBe(429);
  });

  it('marks the session cookie Secure when the trusted proxy says the request came over HTTPS', async () => {
    const account = await signUp(proxied);
    const response = await signIn(proxied, account, address(), { 'x-forwarded-proto': 'https' });
    expect(response.status).toBe(200);
    expect(sessionSetCookie(response)).toMatch(/; Secure/);
  });

  it('ignores X-Forwarded-For without proxy trust: the socket address counts', async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(direct, { ...newAccount(), password: 'guess' })).status).toBe(401);
    }
    expect((await signIn(direct, { ...newAccount(), password: 'guess' })).status).toBe(429);
  });

  it('ignores X-Forwarded-Proto without proxy trust: no Secure flag over plain HTTP', async () => {
    const account = newAccount();
    const response = await postJson(direct.url, '/api/v1/auth/sign-up', account, {
      'x-forwarded-proto': 'https',
    });
    expect(response.status).toBe(201);
    expect(sessionSetCookie(response)).not.toMatch(/; Secure/);
  });
});
