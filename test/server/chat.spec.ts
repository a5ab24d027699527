import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { type ChatClient, joinedChat, openChat, ownOrigin, refusedChat } from '../support/chat';
import { type RunningServer, startProductionServer } from '../support/server';
import { signUp, newAccount, postJson } from '../support/sessions';

let server: RunningServer;
let ada: string;
let grace: string;

beforeAll(async () => {
  // A ping every second, so the keep-alive is seen within a test.
  server = await startProductionServer(undefined, { CHAT_PING_SECONDS: '1' });
  [ada, grace] = await Promise.all([
    signUp(server.url, newAccount('Ada')),
    signUp(server.url, newAccount('Grace')),
  ]);
}, 120_000);

afterAll(() => server?.stop());

const messageFrames = (client: ChatClient) => client.frames.filter((frame) => frame.type === 'message');

describe('WS /ws/chat', () => {
  it('refuses an upgrade without a session with JSON 401', async () => {
    const refusal = await refusedChat(server.url, '');
    expect(refusal.status).toBe(401);
    expect(refusal.headers['cache-control']).toBe('no-store');
    expect(refusal.body).toMatchObject({ statusCode: 401, message: 'Sign in first' });
  });

  it('refuses an upgrade with a forged or ended session with 401', async () => {
    expect((await refusedChat(server.url, 'session=forged')).status).toBe(401);
    const cookie = await signUp(server.url);
    expect((await postJson(server.url, '/api/v1/auth/sign-out', {}, { cookie })).status).toBeLessThan(400);
    expect((await refusedChat(server.url, cookie)).status).toBe(401);
  });

  it("refuses an upgrade from another site's page with 403, session or not (cross-site WebSocket hijacking)", async () => {
    const refusal = await refusedChat(server.url, ada, 'https://evil.example');
    expect(refusal.status).toBe(403);
    expect(refusal.body).toMatchObject({ statusCode: 403 });
    expect((await refusedChat(server.url, ada, 'null')).status).toBe(403);
    expect((await refusedChat(server.url, ada, `${ownOrigin(server.url)}.evil.example`)).status).toBe(403);
  });

  it('answers a plain HTTP request with 426, and refuses an upgrade to a path without a WebSocket handler with 404', async () => {
    const plain = await fetch(`${server.url}/ws/chat`, { headers: { cookie: ada } });
    expect(plain.status).toBe(426);
    expect((await refusedChat(server.url, ada, undefined, '/api/v1/hello')).status).toBe(404);
    expect((await refusedChat(server.url, ada, undefined, '/chat')).status).toBe(404);
  });

  it('sends the history first, then each message to every peer once, in order, with name, id and time', async () => {
    const [one, other] = await Promise.all([joinedChat(server.url, ada), joinedChat(server.url, grace)]);
    const tag = crypto.randomUUID();
    for (let n = 0; n < 5; n++) one.send({ type: 'message', text: `${tag} ${n}` });
    other.send({ type: 'message', text: `  ${tag} from Grace  ` });
    const expected = (client: ChatClient) =>
      client.texts().filter((text) => text.startsWith(tag)).length === 6;
    await Promise.all([
      one.until('six messages', () => expected(one)),
      other.until('six', () => expected(other)),
    ]);
    const ours = (client: ChatClient) => messageFrames(client).filter((frame) => frame.text.startsWith(tag));
    expect(ours(one)).toEqual(ours(other));
    const adas = ours(one).filter((frame) => frame.name === 'Ada');
    expect(adas.map(({ text }) => text)).toEqual([0, 1, 2, 3, 4].map((n) => `${tag} ${n}`));
    expect(ours(one).find((frame) => frame.name === 'Grace')).toMatchObject({ text: `${tag} from Grace` });
    const ids = ours(one).map(({ id }) => Number(id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Date(ours(one)[0].at).toISOString()).toBe(ours(one)[0].at);
    await Promise.all([one.close(), other.close()]);

    const late = await joinedChat(server.url, grace);
    const history = late.frames[0];
    expect(history.type === 'history' && history.messages.slice(-6)).toEqual(
      ours(one).map(({ id, name, text, at }) => ({ id, name, text, at })),
    );
    await late.close();
  });

  it('sends at most the newest 50 messages on connect, oldest first', async () => {
    const writer = await joinedChat(server.url, ada);
    const tag = crypto.randomUUID();
    const seen = () => writer.texts().filter((text) => text.startsWith(tag)).length;
    // 55 messages, within the rate limits (20 per 10 s per connection, 30 per account): from three accounts.
    for (const [from, count] of [
      [0, 20],
      [20, 20],
      [40, 15],
    ]) {
      const sender = await joinedChat(server.url, await signUp(server.url, newAccount('Sender')));
      for (let n = from; n < from + count; n++) sender.send({ type: 'message', text: `${tag} ${n}` });
      await writer.until(`messages up to ${from + count}`, () => seen() === from + count);
      await sender.close();
    }
    const late = await joinedChat(server.url, grace);
    const history = late.frames[0];
    if (history.type !== 'history') throw new Error('no history first');
    expect(history.messages).toHaveLength(50);
    expect(history.messages.map(({ text }) => text)).toEqual(writer.texts().slice(-50));
    await Promise.all([writer.close(), late.close()]);
  });

  it('answers an invalid frame with an error frame and keeps the connection open', async () => {
    const client = await joinedChat(server.url, ada);
    client.send('not json');
    client.send({ type: 'message', text: '   ' });
    client.send({ type: 'message', text: 'x'.repeat(501) });
    client.send({ type: 'shout', text: 'hi' });
    client.send({ type: 'message', text: 42 });
    client.send({ __proto__: { type: 'message' }, text: 'polluted' });
    await client.until(
      'six errors',
      (frames) => frames.filter((frame) => frame.type === 'error').length === 6,
    );
    expect(
      client.frames
        .filter((frame) => frame.type === 'error')
        .map((frame) => frame.type === 'error' && frame.message),
    ).toEqual([
      'Send JSON: {"type":"message","text":"…"}',
      'Write something first',
      'Keep it under 500 characters',
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    const text = `still open ${crypto.randomUUID()}`;
    client.send({ type: 'message', text: 'y'.repeat(500) });
    client.send({ type: 'message', text });
    await client.until('its own message', () => client.texts().includes(text));
    expect(client.texts()).toContain('y'.repeat(500));
    expect(client.texts()).not.toContain('polluted');
    await client.close();
  });

  it('closes with 1009 on a frame over 4 KiB', async () => {
    const client = await joinedChat(server.url, ada);
    client.send({ type: 'message', text: 'z'.repeat(4_097) });
    expect((await client.closed).code).toBe(1009);
    const exact = await joinedChat(server.url, ada);
    // 4,096 bytes exactly: refused as too long a text, not as too big a frame.
    exact.send(JSON.stringify({ type: 'message', text: 'z'.repeat(4_096 - 30) }).padEnd(4_096, ' '));
    await exact.until('an error frame', (frames) => frames.some((frame) => frame.type === 'error'));
    await exact.close();
  });

  it('closes with 1008 on the 21st frame within 10 seconds, and stores none past the limit', async () => {
    const client = await joinedChat(server.url, await signUp(server.url, newAccount('Chatty')));
    const watcher = await joinedChat(server.url, grace);
    const tag = crypto.randomUUID();
    for (let n = 0; n < 25; n++) client.send({ type: 'message', text: `${tag} ${n}` });
    expect((await client.closed).code).toBe(1008);
    await watcher.until(
      '20 messages',
      () => watcher.texts().filter((text) => text.startsWith(tag)).length === 20,
    );
    await new Promise((wait) => setTimeout(wait, 300));
    expect(watcher.texts().filter((text) => text.startsWith(tag))).toHaveLength(20);
    await watcher.close();
  });

  it('closes with 1008 when the session ends, without storing the message', async () => {
    const cookie = await signUp(server.url, newAccount('Leaving'));
    const client = await joinedChat(server.url, cookie);
    await postJson(server.url, '/api/v1/auth/sign-out', {}, { cookie });
    client.send({ type: 'message', text: 'after sign-out' });
    expect(await client.closed).toEqual({ code: 1008, reason: 'Session ended' });
  });

  it('cuts off a peer that stops answering pings', async () => {
    const cookie = await signUp(server.url, newAccount('Gone'));
    const silent = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws/chat`, {
      headers: { cookie, origin: ownOrigin(server.url) },
      autoPong: false,
    });
    const closed = new Promise<number>((resolve) => silent.once('close', resolve));
    // Pings come every second: the first goes unanswered, the next finds the peer gone.
    expect(await closed).toBe(1006);
  });

  it('pings idle connections (every CHAT_PING_SECONDS)', async () => {
    const client = await joinedChat(server.url, ada);
    const pinged = new Promise((resolve) => client.socket.once('ping', resolve));
    await pinged;
    await client.close();
  });

  it('holds at most 10 connections per address: the 11th upgrade is refused with 429 and Retry-After', async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, () => openChat(server.url, ada)));
    const refusal = await refusedChat(server.url, ada);
    expect(refusal.status).toBe(429);
    expect(refusal.headers['retry-after']).toBe('30');
    await Promise.all(clients.map((client) => client.close()));
    const again = await openChat(server.url, ada);
    await again.close();
  });

  it('leaves no handle behind after 1,000 connect and close cycles', async () => {
    const fds = () => readdirSync(`/proc/${server.process.pid}/fd`).length;
    const warm = await joinedChat(server.url, ada);
    await warm.close();
    const before = fds();
    // Ten at a time: the per-address cap (10) would refuse the next one if any were still counted.
    for (let round = 0; round < 100; round++) {
      const clients = await Promise.all(Array.from({ length: 10 }, () => joinedChat(server.url, ada)));
      await Promise.all(clients.map((client) => client.close()));
    }
    await new Promise((wait) => setTimeout(wait, 500));
    expect(fds()).toBeLessThanOrEqual(before + 2);
    const readiness = await fetch(`${server.url}/api/readyz`);
    expect(readiness.status).toBe(200);
  }, 120_000);
});
