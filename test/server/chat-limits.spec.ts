import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chatCloseCodes } from '../../src/shared/chat';
import { type ChatClient, joinedChat, openChat } from '../support/chat';
import { type RunningServer, startProductionServer } from '../support/server';
import { stopAndCheckLog } from '../support/server-log';
import { newAccount, signUp } from '../support/sessions';

/** 500 CJK characters: the longest message, 1.5 KB of UTF-8. */
const cjk = '漢'.repeat(500);

/** The server's resident memory, in MB. */
const rssMb = (server: RunningServer) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1]) / 1024;

/** Stops reading the socket: what the server sends piles up in its buffers, as for a client on a dead link. */
const stopReading = (client: ChatClient) => client.socket.pause();

/** Opens a chat from `address` (behind the trusted proxy), answering the client or the refusal's status. */
async function tryChat(server: RunningServer, cookie: string, address: string) {
  try {
    return await openChat(server.url, cookie, undefined, undefined, { 'x-forwarded-for': address });
  } catch (error) {
    return (error as { refusal?: { status: number } }).refusal?.status ?? 0;
  }
}

describe('WS /ws/chat: one account against everyone', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(undefined, { TRUST_PROXY: '1' });
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it("holds 10 sockets per account and closes its senders past 30 frames in 10 s, so 200 sockets of one account reading nothing cost little (the issue's load)", async () => {
    const cookie = await signUp(server.url, newAccount('Flood'));
    const rssBefore = rssMb(server);
    // 20 addresses × 10 sockets, each address within its own cap of 10.
    const attempts = await Promise.all(
      Array.from({ length: 200 }, (_, n) => tryChat(server, cookie, `10.0.${n % 20}.1`)),
    );
    const opened = attempts.filter((attempt): attempt is ChatClient => typeof attempt !== 'number');
    const refused = attempts.filter((attempt) => typeof attempt === 'number');
    // Upgrades that raced past the check together are closed with 1013 once open.
    const raced = await Promise.all(
      opened.map((client) => Promise.race([client.closed, new Promise((settle) => setTimeout(settle, 500))])),
    );
    const held = opened.filter((_, n) => raced[n] === undefined);
    expect(held.length).toBeLessThanOrEqual(10);
    expect(refused.every((status) => status === 429)).toBe(true);
    expect(raced.every((close) => close === undefined || (close as { code: number }).code === 1013)).toBe(
      true,
    );
    const observer = await joinedChat(server.url, await signUp(server.url, newAccount('Observer')));
    // Each held socket sends 500 CJK characters twice a second and reads nothing.
    for (const client of held) stopReading(client);
    const healthz: number[] = [];
    const started = Date.now();
    while (Date.now() - started < 5_000) {
      held.forEach((client) => client.socket.readyState === 1 && client.send({ type: 'message', text: cjk }));
      const asked = performance.now();
      expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
      healthz.push(performance.now() - asked);
      await new Promise((tick) => setTimeout(tick, 500 - (performance.now() - asked)));
    }
    for (const client of held) client.socket.resume();
    // 1008, or a reset where the close frame could not reach a client that was not reading.
    const closes = await Promise.all(held.map((client) => client.closed));
    for (const { code } of closes) expect([chatCloseCodes.policyViolation, 1006]).toContain(code);
    // The account got its 30 frames through; everyone else still hears the room.
    expect(observer.texts().filter((text) => text === cjk).length).toBe(30);
    const rssAfter = rssMb(server);
    // The issue measured +72 MB in 10 s, and /api/healthz at 1.2 to 2.2 s.
    expect(rssAfter - rssBefore).toBeLessThan(40);
    expect(Math.max(...healthz)).toBeLessThan(100);
    await observer.close();
  }, 60_000);
});

/**
 * Has a reader stop reading while talkers fill its buffers, and answers once it was dropped:
 * 9 MB for the reader, twice what the kernel's buffers on loopback hold (about 4 MB), 6,000
 * messages of 1.5 KB from eight talkers at a time that each send their 20 frames and leave.
 */
async function dropStalledReader(server: RunningServer) {
  const reader = await joinedChat(server.url, await signUp(server.url, newAccount('Asleep')));
  const awake = await joinedChat(server.url, await signUp(server.url, newAccount('Awake')));
  stopReading(reader);
  const cookie = await signUp(server.url, newAccount('Talker'));
  const tag = crypto.randomUUID();
  const ours = (client: ChatClient) => client.texts().filter((text) => text.startsWith(tag)).length;
  const rounds = 38;
  for (let round = 0; round < rounds; round++) {
    const talkers = await Promise.all(Array.from({ length: 8 }, () => joinedChat(server.url, cookie)));
    for (const talker of talkers) {
      for (let n = 0; n < 20; n++) talker.send({ type: 'message', text: `${tag} ${cjk.slice(37)}` });
    }
    await awake.until(`round ${round}`, () => ours(awake) === (round + 1) * 160, 20_000);
    await Promise.all(talkers.map((talker) => talker.close()));
  }
  reader.socket.resume();
  const { code } = await Promise.race([
    reader.closed,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the reader is still open')), 10_000),
    ),
  ]);
  expect([chatCloseCodes.policyViolation, 1006]).toContain(code);
  // What it got is what the kernel held for it and what it may leave unsent, not the 6,000.
  expect(ours(reader)).toBeLessThan(rounds * 160 * 0.75);
  await awake.close();
}

describe('WS /ws/chat: a client that stops reading', () => {
  let server: RunningServer;

  beforeAll(async () => {
    // One account may say a lot here, to fill a reader's buffers quickly.
    server = await startProductionServer(undefined, {
      CHAT_MAX_FRAMES_PER_ACCOUNT: '100000',
      CHAT_MAX_CONNECTIONS_PER_ADDRESS: '20',
    });
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it('is dropped from the room once 256 KiB wait unsent for it, while readers keep reading', async () => {
    await dropStalledReader(server);
  }, 120_000);
});

describe("WS /ws/chat: a client that stops reading, past its account's share of queuedBytes", () => {
  let server: RunningServer;

  beforeAll(async () => {
    // A socket may leave 100 MiB unsent here, its account 256 KiB of the process's queued bytes.
    server = await startProductionServer(undefined, {
      CHAT_MAX_FRAMES_PER_ACCOUNT: '100000',
      CHAT_MAX_CONNECTIONS_PER_ADDRESS: '20',
      CHAT_MAX_BUFFERED_BYTES: String(100 * 1024 * 1024),
      BUDGET_QUEUED_BYTES_PER_CALLER: String(256 * 1024),
    });
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it('is dropped from the room once its account holds its share of the bytes queued in the process', async () => {
    await dropStalledReader(server);
  }, 120_000);
});

describe('WS /ws/chat: a client that pings and never reads', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer();
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it('is closed instead of having its pongs pile up: the server stays small and /api/healthz answers', async ({
    annotate,
  }) => {
    const client = await joinedChat(server.url, await signUp(server.url, newAccount('Pinger')));
    const rssBefore = rssMb(server);
    stopReading(client);
    let closed = false;
    void client.closed.then(() => (closed = true));
    // The longest ping there is (125 bytes); each pong echoes it. Up to a million, 10,000 at a time,
    // each batch on its way before the next: 127 MB of pongs for a server that answers them all.
    const payload = Buffer.alloc(125, 'p');
    let sent = 0;
    for (; sent < 1_000_000 && !closed; sent += 10_000) {
      for (let n = 0; n < 10_000; n++) client.socket.ping(payload);
      while (client.socket.bufferedAmount > 0 && !closed) await new Promise((tick) => setTimeout(tick, 10));
      expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
    }
    const grown = rssMb(server) - rssBefore;
    await annotate(`${sent} pings sent: RSS ${rssBefore.toFixed(0)} MB, then +${grown.toFixed(0)} MB`);
    client.socket.resume();
    const { code } = await Promise.race([
      client.closed,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the pinger is still open')), 10_000),
      ),
    ]);
    // 1008, or a reset where the close frame could not reach a client that was not reading.
    expect([chatCloseCodes.policyViolation, 1006]).toContain(code);
    expect(grown).toBeLessThan(50);
    expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);
  }, 120_000);
});
