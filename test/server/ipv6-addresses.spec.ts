import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openChat, refusedChat } from '../support/chat';
import { type RunningServer, startProductionServer } from '../support/server';
import { stopAndCheckLog } from '../support/server-log';
import { newAccount, postJson, signUp } from '../support/sessions';

/** The n-th address of one /64: what a single subscriber can take without asking anyone. */
const inNetwork = (n: number) => `2001:db8:0:1:${n.toString(16)}::${(n * 7).toString(16)}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('per-address limits, for a client with a whole IPv6 /64 (behind a trusted proxy)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(undefined, { TRUST_PROXY: '1' });
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it('counts failed sign-ins from every address of one /64 together: the 21st is refused with 429', async () => {
    const signIn = (address: string) =>
      postJson(server.url, '/api/v1/auth/sign-in', newAccount(), from(address));
    for (let n = 1; n <= 20; n++) expect((await signIn(inNetwork(n))).status).toBe(401);
    expect((await signIn(inNetwork(21))).status).toBe(429);
    expect((await signIn('2001:db8:0:2::1')).status).toBe(401);
  }, 60_000);

  it('counts chat connections from every address of one /64 together: the 11th upgrade is refused with 429', async () => {
    // Ten accounts, each signed up in turn (a burst of sign-ups from one address is refused).
    const cookies: string[] = [];
    for (let n = 0; n < 10; n++) cookies.push(await signUp(server.url, newAccount()));
    const clients = await Promise.all(
      cookies.map((cookie, n) => openChat(server.url, cookie, undefined, undefined, from(inNetwork(n)))),
    );
    const cookie = await signUp(server.url, newAccount());
    const refusal = await refusedChat(server.url, cookie, undefined, undefined, from(inNetwork(11)));
    expect(refusal.status).toBe(429);
    const elsewhere = await openChat(server.url, cookie, undefined, undefined, from('2001:db8:0:2::1'));
    await Promise.all([...clients, elsewhere].map((client) => client.close()));
  });
});
