import { createDatabase } from 'db0';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sqliteConnector } from '../support/sqlite';
import { chatCloseCodes } from '../../src/shared/chat';
import { ensureClusterBuild } from '../support/build';
import { type ChatClient, joinedChat } from '../support/chat';
import { connectionsPerWorker } from '../support/processes';
import {
  type InstancesOnPostgres,
  type RunningServer,
  startInstancesOnPostgres,
  startProductionServer,
} from '../support/server';
import { expectNoErrorLines, stopAndCheckLog } from '../support/server-log';
import { newAccount, postJson, sessionCookie } from '../support/sessions';

/** What ending a session may take before its sockets are closed (issue 37): a second. */
const boundMs = 1_000;

type Account = ReturnType<typeof newAccount>;

/** Signs `account` up on `url`, answering its first session's cookie. */
async function signUp(url: string, account: Account): Promise<string> {
  const response = await postJson(url, '/api/v1/auth/sign-up', account);
  expect(response.status).toBe(201);
  return sessionCookie(response);
}

/** Signs `account` in on `url`: a session of its own, beside the others. */
async function signIn(url: string, account: Account): Promise<string> {
  const response = await postJson(url, '/api/v1/auth/sign-in', account);
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

/**
 * Runs `end` (a request that ends sessions) and answers how long after it started each of
 * `clients` was closed, and with which code; a socket still open `boundMs` after the request
 * answered fails the spec.
 */
async function closesAfter(clients: ChatClient[], end: () => Promise<Response>) {
  const started = performance.now();
  expect((await end()).status).toBeLessThan(300);
  const deadline = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`a socket was still open ${boundMs} ms after the session ended`)),
      boundMs,
    ),
  );
  return Promise.all(
    clients.map((client) =>
      Promise.race([client.closed.then(({ code }) => ({ code, ms: performance.now() - started })), deadline]),
    ),
  );
}

const policyClose = { code: chatCloseCodes.policyViolation, ms: expect.any(Number) };

/** The socket still hears the room: a message sent now reaches it. */
async function stillOpen(client: ChatClient, sender: ChatClient): Promise<void> {
  const text = `still here ${crypto.randomUUID()}`;
  sender.send({ type: 'message', text });
  await client.until('a message after the others closed', () => client.texts().includes(text));
}

describe('WS /ws/chat: a session that ends closes its sockets (one process)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer();
  }, 120_000);
  afterAll(() => stopAndCheckLog(server));

  it("closes a session's sockets with 1008 on sign-out, and no other session's", async () => {
    const account = newAccount('Leaving');
    const [leaving, staying] = [await signUp(server.url, account), await signIn(server.url, account)];
    const closing = await Promise.all([joinedChat(server.url, leaving), joinedChat(server.url, leaving)]);
    const other = await joinedChat(server.url, staying);
    const closes = await closesAfter(closing, () =>
      postJson(server.url, '/api/v1/auth/sign-out', {}, { cookie: leaving }),
    );
    expect(closes).toEqual([policyClose, policyClose]);
    await stillOpen(other, other);
    await other.close();
  });

  it("closes every session's sockets on sign-out-everywhere", async () => {
    const account = newAccount('Everywhere');
    const sessions = [await signUp(server.url, account), await signIn(server.url, account)];
    const clients = await Promise.all(sessions.map((cookie) => joinedChat(server.url, cookie)));
    const bystander = await joinedChat(server.url, await signUp(server.url, newAccount('Bystander')));
    const closes = await closesAfter(clients, () =>
      postJson(server.url, '/api/v1/auth/sign-out-everywhere', {}, { cookie: sessions[1] }),
    );
    expect(closes).toEqual([policyClose, policyClose]);
    await stillOpen(bystander, bystander);
    await bystander.close();
  });

  it("closes every other session's sockets on a password change, and the changing one's too", async () => {
    const account = newAccount('Changing');
    const [changing, stolen] = [await signUp(server.url, account), await signIn(server.url, account)];
    const clients = await Promise.all([joinedChat(server.url, stolen), joinedChat(server.url, changing)]);
    const closes = await closesAfter(clients, () =>
      fetch(`${server.url}/api/v1/auth/password`, {
        method: 'PUT',
        headers: { cookie: changing, 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: account.password, newPassword: 'a new password' }),
      }),
    );
    expect(closes).toEqual([policyClose, policyClose]);
  });

  it('closes a socket within a second of its session expiring', async () => {
    const account = newAccount('Expiring');
    const cookie = await signUp(server.url, account);
    const client = await joinedChat(server.url, cookie);
    // Another process (this one) shortens the session in the server's database: it expires in 1.5 s.
    const expiresAt = Date.now() + 1_500;
    const db = createDatabase(sqliteConnector({ path: join(server.dataDir, 'app.sqlite') }));
    await db.sql`UPDATE sessions SET expires_at = ${expiresAt}
      WHERE user_id = (SELECT id FROM users WHERE email = ${account.email})`;
    await db.dispose();
    const late = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the socket outlived its session by a second')), 1_500 + boundMs),
    );
    const { code } = await Promise.race([client.closed, late]);
    expect(code).toBe(chatCloseCodes.policyViolation);
    expect(Date.now() - expiresAt).toBeLessThan(boundMs);
  });
});

describe('WS /ws/chat: a session that ends closes its sockets (two node-cluster workers)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startProductionServer(ensureClusterBuild(), { NITRO_CLUSTER_WORKERS: '2' });
  }, 300_000);
  afterAll(() => stopAndCheckLog(server));

  it('closes the sockets on both workers when the session signs out on one', async () => {
    const cookie = await signUp(server.url, newAccount('Cluster'));
    // The primary hands connections to the workers in turn: six land on both.
    const before = connectionsPerWorker(server);
    const clients = await Promise.all(Array.from({ length: 6 }, () => joinedChat(server.url, cookie)));
    connectionsPerWorker(server).forEach((held, n) => expect(held).toBeGreaterThan(before[n]));
    const closes = await closesAfter(clients, () =>
      postJson(server.url, '/api/v1/auth/sign-out', {}, { cookie }),
    );
    expect(closes).toEqual(Array.from({ length: 6 }, () => policyClose));
  });
});

describe('WS /ws/chat: a session that ends closes its sockets (two instances on PostgreSQL)', () => {
  let instances: InstancesOnPostgres;

  beforeAll(async () => {
    instances = await startInstancesOnPostgres();
  }, 120_000);
  afterAll(async () => {
    const outputs = instances?.servers.map((server) => server.output()) ?? [];
    await instances?.stop();
    for (const output of outputs) expectNoErrorLines(output);
  });

  it('closes the sockets on the other instance on sign-out-everywhere', async () => {
    const [one, other] = instances.servers;
    const account = newAccount('Instances');
    const sessions = [await signUp(one.url, account), await signIn(other.url, account)];
    const clients = await Promise.all([
      joinedChat(one.url, sessions[0]),
      joinedChat(other.url, sessions[0]),
      joinedChat(one.url, sessions[1]),
    ]);
    const closes = await closesAfter(clients, () =>
      postJson(other.url, '/api/v1/auth/sign-out-everywhere', {}, { cookie: sessions[1] }),
    );
    expect(closes).toEqual([policyClose, policyClose, policyClose]);
  });

  it('closes the sockets on the other instance on a password change', async () => {
    const [one, other] = instances.servers;
    const account = newAccount('Rotating');
    const [changing, stolen] = [await signUp(one.url, account), await signIn(one.url, account)];
    const clients = await Promise.all([joinedChat(other.url, stolen), joinedChat(one.url, stolen)]);
    const closes = await closesAfter(clients, () =>
      fetch(`${one.url}/api/v1/auth/password`, {
        method: 'PUT',
        headers: { cookie: changing, 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: account.password, newPassword: 'a new password' }),
      }),
    );
    expect(closes).toEqual([policyClose, policyClose]);
  });
});
