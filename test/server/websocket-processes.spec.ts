import { readdirSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureClusterBuild, serverEntry } from '../support/build';
import { type ChatClient, joinedChat } from '../support/chat';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';
import { childrenOf } from '../support/processes';
import { type RunningServer, startProductionServer } from '../support/server';
import { newAccount, signUp } from '../support/sessions';

/**
 * Every client sends `perClient` messages; each client must get every one of them once, and all
 * clients the same order, whichever process each is connected to.
 */
async function expectOneOrder(clients: ChatClient[], perClient: number): Promise<void> {
  const tag = crypto.randomUUID();
  const total = clients.length * perClient;
  const ours = (client: ChatClient) => client.texts().filter((text) => text.startsWith(tag));
  clients.forEach((client, c) => {
    for (let n = 0; n < perClient; n++) client.send({ type: 'message', text: `${tag} ${c}.${n}` });
  });
  await Promise.all(
    clients.map((client) => client.until(`${total} messages`, () => ours(client).length >= total)),
  );
  await new Promise((wait) => setTimeout(wait, 300));
  const first = ours(clients[0]);
  expect(new Set(first).size).toBe(total);
  for (const client of clients) expect(ours(client)).toEqual(first);
  // Each sender's messages keep the order it sent them in.
  clients.forEach((_, c) => {
    const sent = first.filter((text) => text.startsWith(`${tag} ${c}.`));
    expect(sent).toEqual(Array.from({ length: perClient }, (_, n) => `${tag} ${c}.${n}`));
  });
}

/** How many sockets `pid` holds open. */
const socketsOf = (pid: number) =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false;
    }
  }).length;

describe('WS /ws/chat (two node-cluster workers)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    // The primary hands each connection to a worker that is free, not strictly in turn: on a
    // loaded machine one worker may hold seven of the eight and, with them, more than the 30
    // frames per account a process allows. This spec is about order, not that limit.
    server = await startProductionServer(ensureClusterBuild(), {
      NITRO_CLUSTER_WORKERS: '2',
      CHAT_MAX_FRAMES_PER_ACCOUNT: '1000',
    });
  }, 300_000);
  afterAll(() => server?.stop());

  it('delivers each message once and in one order to peers on either worker', async () => {
    const cookie = await signUp(server.url, newAccount('Cluster'));
    const workers = childrenOf(server.process.pid!);
    expect(workers).toHaveLength(2);
    const before = workers.map(socketsOf);
    // Eight connections land on both workers.
    const clients = await Promise.all(Array.from({ length: 8 }, () => joinedChat(server.url, cookie)));
    workers.forEach((worker, n) => expect(socketsOf(worker)).toBeGreaterThan(before[n]!));
    await expectOneOrder(clients, 5);
    await Promise.all(clients.map((client) => client.close()));
  });
});

describe('WS /ws/chat (two instances on PostgreSQL)', () => {
  let postgres: RunningPostgres;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    const databaseUrl = await postgres.createDatabase();
    servers = await Promise.all(
      [1, 2].map(() => startProductionServer(serverEntry, { DATABASE_URL: databaseUrl })),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await postgres?.stop();
  });

  it('delivers each message once and in one order to peers on either instance', async () => {
    const cookie = await signUp(servers[0].url, newAccount('Postgres'));
    const clients = await Promise.all(
      Array.from({ length: 6 }, (_, n) => joinedChat(servers[n % 2].url, cookie)),
    );
    await expectOneOrder(clients, 10);
    await Promise.all(clients.map((client) => client.close()));
  });

  it('sends a new peer on the other instance the same history', async () => {
    const cookie = await signUp(servers[1].url, newAccount('Late'));
    const [one, other] = await Promise.all(servers.map((server) => joinedChat(server.url, cookie)));
    expect(one.frames[0]).toEqual(other.frames[0]);
    await Promise.all([one.close(), other.close()]);
  });
});

describe('WS /ws/chat (a draining server)', () => {
  it('closes every socket with 1001 when the server stops, and exits 0', async () => {
    const server = await startProductionServer();
    const cookie = await signUp(server.url, newAccount('Drain'));
    const clients = await Promise.all(Array.from({ length: 3 }, () => joinedChat(server.url, cookie)));
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    const closes = await Promise.all(clients.map((client) => client.closed));
    expect(closes.map(({ code }) => code)).toEqual([1001, 1001, 1001]);
    expect(await exited).toBe(0);
    await server.stop();
  }, 60_000);
});
