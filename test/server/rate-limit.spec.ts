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
    // New accounts per address per hour at the default of vite.config.ts's runtimeConfig.
    startProductionServer(serverEntry, { TRUST_PROXY: '1', SIGN_UPS_PER_HOUR: '10' }),
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

describe('sign-in limits, one process', () => {
  const wrong = (email: string) => ({ email, password: 'not the password' });

  it('refuses the 6th failure for one account from one address with 429, Retry-After and the RateLimit headers', async () => {
    const account = await signUp(proxied);
    const from = address();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(proxied, wrong(account.email), from)).status).toBe(401);
    }
    const blocked = await signIn(proxied, wrong(account.email), from);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await blocked.json()).toMatchObject({ statusCode: 429 });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.headers.get('ratelimit-policy')).toBe('"sign-in-pair";q=5;w=900');
    expect(blocked.headers.get('ratelimit')).toBe(`"sign-in-pair";r=0;t=${retryAfter}`);
  });

  it("lets the owner sign in from a new address after an attacker's six wrong tries", async () => {
    const account = await signUp(proxied);
    const attacker = address();
    const statuses = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      statuses.push((await signIn(proxied, wrong(account.email), attacker)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const owner = await signIn(proxied, account, address());
    expect(owner.status).toBe(200);
    expect(sessionSetCookie(owner)).toMatch(/^session=/);
  });

  it('slows an account attacked from many addresses down, but never refuses it', async () => {
    const account = await signUp(proxied);
    // Six failures from six addresses: no pair or address reaches its limit; the sixth waits 0.5 s.
    for (let attempt = 1; attempt <= 6; attempt++) {
      expect((await signIn(proxied, wrong(account.email))).status).toBe(401);
    }
    // After six failures every attempt on the account waits 1 s before its password is checked,
    // the owner's right one too (lib/auth/sign-in.ts, accountDelayMs).
    const started = Date.now();
    expect((await signIn(proxied, account)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
  });

  it('never counts an attempt it refused: 20 refusals for one account leave the address its budget', async () => {
    const account = await signUp(proxied);
    const from = address();
    for (let attempt = 1; attempt <= 5; attempt++) await signIn(proxied, wrong(account.email), from);
    const refused = await Promise.all(
      Array.from({ length: 20 }, () => signIn(proxied, wrong(account.email), from)),
    );
    expect(refused.map((response) => response.status)).toEqual(Array(20).fill(429));
    // Had the refusals counted, the address (20 failures per 15 min) would be over its limit.
    expect((await signIn(proxied, wrong(newAccount().email), from)).status).toBe(401);
  });

  it("does not block another account's sign-in from another address", async () => {
    const [victim, bystander] = [await signUp(proxied), await signUp(proxied)];
    const attacker = address();
    for (let attempt = 1; attempt <= 6; attempt++) {
      await signIn(proxied, { email: victim.email, password: 'guess' }, attacker);
    }
    expect((await signIn(proxied, bystander)).status).toBe(200);
  });

  it('limits one address across accounts: the 21st failure from it is a 429 even for a new email', async () => {
    const from = address();
    const failures = await Promise.all(
      Array.from({ length: 20 }, () => signIn(proxied, { ...newAccount(), password: 'guess' }, from)),
    );
    expect(failures.map((response) => response.status)).toEqual(Array(20).fill(401));
    const account = await signUp(proxied);
    const blocked = await signIn(proxied, account, from);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('ratelimit-policy')).toBe('"sign-in";q=20;w=900');
  });

  it('counts successes out: six good sign-ins in a row all pass', async () => {
    const account = await signUp(proxied);
    const from = address();
    for (let attempt = 1; attempt <= 6; attempt++)
      expect((await signIn(proxied, account, from)).status).toBe(200);
  });

  it('lets exactly 5 of 10 concurrent failures from one address through: the counter is one atomic upsert', async () => {
    const { email } = await signUp(proxied);
    const from = address();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => signIn(proxied, { email, password: 'guess' }, from)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('takes the last X-Forwarded-For entry, the one the proxy added, not what the client wrote first', async () => {
    const from = address();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        signIn(proxied, { ...newAccount(), password: 'guess' }, `${address()}, ${from}`),
      ),
    );
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
    const failures = await Promise.all(
      Array.from({ length: 20 }, () => signIn(direct, { ...newAccount(), password: 'guess' })),
    );
    expect(failures.map((response) => response.status)).toEqual(Array(20).fill(401));
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

describe('sign-up limits, one process', () => {
  const signUpFrom = (from: string, account = newAccount()) =>
    postJson(proxied.url, '/api/v1/auth/sign-up', account, { 'x-forwarded-for': from });

  it('answers the 11th new account within an hour from one address with 429; other addresses still sign up', async () => {
    const from = address();
    for (let attempt = 1; attempt <= 10; attempt++) expect((await signUpFrom(from)).status).toBe(201);
    const refused = await signUpFrom(from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe('"sign-up-created";q=10;w=3600');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3_500);
    expect((await signUpFrom(address())).status).toBe(201);
  });

  it('does not spend the allowance on a taken email (409), which counts as a failure instead', async () => {
    const from = address();
    const taken = await signUp(proxied);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signUpFrom(from, { ...newAccount(), email: taken.email })).status).toBe(409);
    }
    expect((await signUpFrom(from, { ...newAccount(), email: taken.email })).status).toBe(429);
    // The five 409s took nothing from the new accounts' allowance, only from the failures'.
    expect((await signUpFrom(address(), { ...newAccount() })).status).toBe(201);
  });
});
