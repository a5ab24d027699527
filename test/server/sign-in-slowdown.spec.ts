import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type RunningServer, startProductionServer } from '../support/server';
import { stopAndCheckLog } from '../support/server-log';
import { deviceCookie, newAccount, postJson, signUp } from '../support/sessions';

/** The most an attacker may make the owner wait (docs/sessions.md): the 8 s delay and one hash, with room for a busy machine. */
const boundMs = 10_000;

describe('POST /api/v1/auth/sign-in: the slowdown an attacker can cause', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(undefined, { TRUST_PROXY: '1' });
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it('answers the owner within 8 s and a hash however many addresses send wrong passwords at once (12 × 5 here)', async () => {
    const owner = newAccount('Owner');
    await signUp(server.url, owner);
    const signIn = (password: string, address: string) => {
      const started = performance.now();
      return postJson(
        server.url,
        '/api/v1/auth/sign-in',
        { ...owner, password },
        { 'x-forwarded-for': address },
      ).then((response) => ({ status: response.status, ms: performance.now() - started }));
    };
    const wrong = Array.from({ length: 60 }, (_, n) => signIn('a wrong guess', `10.7.${n % 12}.1`));
    await new Promise((settle) => setTimeout(settle, 300));
    const right = await signIn(owner.password, '10.8.0.1');
    expect([200, 429]).toContain(right.status);
    expect(right.ms).toBeLessThan(boundMs);
    const refused = await Promise.all(wrong);
    for (const { status } of refused) expect([401, 429]).toContain(status);
    // Once the attempts in flight are answered, the owner gets in, again within the bound.
    const again = right.status === 200 ? right : await signIn(owner.password, '10.8.0.1');
    expect(again.status).toBe(200);
    expect(again.ms).toBeLessThan(boundMs);
  }, 120_000);

  it("lets the owner's browser, known by its device cookie, in at once while attackers hold the account's slowdown", async () => {
    const owner = newAccount('Owner');
    await signUp(server.url, owner);
    const signIn = (password: string, address: string, headers: Record<string, string> = {}) =>
      postJson(
        server.url,
        '/api/v1/auth/sign-in',
        { ...owner, password },
        { 'x-forwarded-for': address, ...headers },
      );
    // A sign-in from the owner's browser earlier, on another day.
    const signedIn = await signIn(owner.password, '10.9.0.1');
    expect(signedIn.status).toBe(200);
    const cookie = deviceCookie(signedIn);
    expect(cookie).toMatch(/^device=/);
    // 5 failures from one address, then 4 from four more: the account's next sign-ins wait 8 s each.
    for (let n = 0; n < 5; n++) expect((await signIn('a wrong guess', '10.9.1.1')).status).toBe(401);
    const warmUp = await Promise.all([2, 3, 4, 5].map((n) => signIn('a wrong guess', `10.9.1.${n}`)));
    expect(warmUp.map((response) => response.status)).toEqual([401, 401, 401, 401]);
    // 4 more from four more addresses: each waits 8 s, and together they hold the account's 4 slowed sign-ins.
    const held = Promise.all([6, 7, 8, 9].map((n) => signIn('a wrong guess', `10.9.1.${n}`)));
    await new Promise((settle) => setTimeout(settle, 1_000));
    // A browser the account doesn't know is slowed as before: the slowed sign-ins are all taken, 429.
    const stranger = await signIn(owner.password, '10.9.0.1');
    expect(stranger.status).toBe(429);
    expect(stranger.headers.get('retry-after')).toBe('8');
    // The owner's browser skips the account's slowdown: in while the attackers still wait.
    const known = await signIn(owner.password, '10.9.0.1', { cookie });
    expect(known.status).toBe(200);
    expect((await held).map((response) => response.status)).toEqual([401, 401, 401, 401]);
  }, 120_000);

  it('limits a known browser by its own failures: its 6th wrong password in 15 minutes is 429, from any address', async () => {
    const owner = newAccount('Owner');
    const signIn = (password: string, address: string, cookie = '') =>
      postJson(
        server.url,
        '/api/v1/auth/sign-in',
        { ...owner, password },
        { 'x-forwarded-for': address, cookie },
      );
    const cookie = deviceCookie(await postJson(server.url, '/api/v1/auth/sign-up', owner));
    for (let n = 1; n <= 5; n++)
      expect((await signIn('a wrong guess', `10.10.0.${n}`, cookie)).status).toBe(401);
    expect((await signIn(owner.password, '10.10.0.6', cookie)).status).toBe(429);
    // Without the cookie it is a stranger again: the account's own failures only slow it down.
    expect((await signIn(owner.password, '10.10.0.6')).status).toBe(200);
  }, 60_000);

  it("ignores a device cookie of another account, and one whose signature doesn't hold", async () => {
    const signedUp = async () => {
      const account = newAccount();
      return { account, cookie: deviceCookie(await postJson(server.url, '/api/v1/auth/sign-up', account)) };
    };
    const [owner, other, forgedOwner] = [await signedUp(), await signedUp(), await signedUp()];
    // The signature's first character: its bits are all the HMAC's (the last one's lowest are padding).
    const flip = (cookie: string, at = cookie.lastIndexOf('.') + 1) =>
      `${cookie.slice(0, at)}${cookie[at] === 'A' ? 'B' : 'A'}${cookie.slice(at + 1)}`;
    for (const [{ account }, cookie] of [
      [owner, other.cookie],
      [forgedOwner, flip(forgedOwner.cookie)],
    ] as const) {
      // A known browser's 6th failure would be 429; these count on the account, which only slows down.
      for (let n = 1; n <= 6; n++) {
        const response = await postJson(
          server.url,
          '/api/v1/auth/sign-in',
          { ...account, password: 'a wrong guess' },
          { 'x-forwarded-for': `10.11.${n}.1`, cookie },
        );
        expect(response.status).toBe(401);
      }
    }
  }, 60_000);
});
