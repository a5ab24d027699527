import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { ensureClusterBuild, serverEntry } from '../support/build';
import { openEventStream } from '../support/event-stream';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';
import { connectionsPerWorker } from '../support/processes';
import { type RunningServer, startProductionServer } from '../support/server';
import { changesTagged, createTodo } from '../support/todo-api';

/**
 * A `POST /api/v1/todos` whose body arrives in two halves: the server holds it in flight until
 * `finish()` sends the rest. Resolves `response` with the status and body.
 */
function slowTodo(baseUrl: string, title: string) {
  const { hostname, port } = new URL(baseUrl);
  const body = JSON.stringify({ title });
  const half = Math.floor(body.length / 2);
  let sent!: () => void;
  const started = new Promise<void>((done) => (sent = done));
  const outgoing = request({
    hostname,
    port,
    path: '/api/v1/todos',
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    outgoing.on('response', (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
    });
    outgoing.on('error', reject);
  });
  outgoing.flushHeaders();
  outgoing.write(body.slice(0, half), () => sent());
  return { started, response, finish: () => outgoing.end(body.slice(half)) };
}

/** Resolves with the exit code and the ms from now until `server`'s process exits. */
function exitOf(server: RunningServer): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) =>
    server.process.once('exit', (code) => resolve({ code, ms: performance.now() - started })),
  );
}

/** True once a new connection to `baseUrl` is refused. */
const refused = (baseUrl: string) =>
  fetch(`${baseUrl}/api/healthz`).then(
    () => false,
    (error: Error) => /ECONNREFUSED/.test(String((error.cause as Error | undefined)?.message ?? error)),
  );

const sleep = (ms: number) => new Promise((wait) => setTimeout(wait, ms));

let running: RunningServer[] = [];
const start = async (entry: string, env: Record<string, string>) => {
  const server = await startProductionServer(entry, env);
  running.push(server);
  return server;
};
afterEach(async () => {
  await Promise.all(running.map((server) => server.stop()));
  running = [];
});

describe('SIGTERM on node-server', () => {
  it('answers readiness 503 at once, serves through the grace, then refuses connections, finishes the request in flight and exits 0', async () => {
    const server = await start(serverEntry, { DRAIN_GRACE_MS: '1500' });
    const slow = slowTodo(server.url, 'In flight during SIGTERM');
    await slow.started;
    const exit = exitOf(server);
    server.process.kill('SIGTERM');

    await expect.poll(async () => (await fetch(`${server.url}/api/readyz`)).status).toBe(503);
    const readiness = await fetch(`${server.url}/api/readyz`);
    expect(await readiness.json()).toEqual({ status: 'unavailable', reason: 'draining' });
    // Still served during the grace, each answer telling the client to reconnect elsewhere.
    const during = await fetch(`${server.url}/api/v1/hello`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);

    await expect.poll(() => refused(server.url), { timeout: 5_000 }).toBe(true);
    slow.finish();
    const { status, body } = await slow.response;
    expect(status).toBe(201);
    expect(JSON.parse(body)).toMatchObject({ title: 'In flight during SIGTERM' });

    const { code, ms } = await exit;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(server.output()).toMatch(/"msg":"draining"/);
    expect(server.output()).toMatch(/"msg":"drained"/);
  }, 30_000);

  it('exits 0 at once when idle, on SIGINT too', async () => {
    const server = await start(serverEntry, {});
    const exit = exitOf(server);
    server.process.kill('SIGINT');
    const { code, ms } = await exit;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(2_000);
  });

  it('exits 1 once NITRO_SHUTDOWN_TIMEOUT has passed with a request still running', async () => {
    const server = await start(serverEntry, { NITRO_SHUTDOWN_TIMEOUT: '1500' });
    const stuck = slowTodo(server.url, 'Never finished');
    await stuck.started;
    // The request it gives up on gets no answer.
    const dropped = expect(stuck.response).rejects.toThrow(/socket hang up/);
    const exit = exitOf(server);
    server.process.kill('SIGTERM');
    const { code, ms } = await exit;
    expect(code).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(5_000);
    expect(server.output()).toMatch(/"msg":"drain timed out/);
    await dropped;
  }, 20_000);
});

/** The pids of `server`'s workers that started listening, in order, from their log lines. */
const listeningWorkers = (server: RunningServer): number[] =>
  [...server.output().matchAll(/"pid":(\d+),[^\n]*"msg":"listening"/g)].map(([, pid]) => Number(pid));

describe('SIGTERM to the node-cluster primary alone, as a container runtime sends it', () => {
  it('drains every worker: the request in flight completes and the primary exits 0', async () => {
    const server = await start(ensureClusterBuild(), { NITRO_CLUSTER_WORKERS: '2' });
    await expect.poll(() => listeningWorkers(server), { timeout: 60_000 }).toHaveLength(2);
    // Two requests on two connections: the primary deals them to both workers in turn.
    const slow = [slowTodo(server.url, 'Cluster in flight 1'), slowTodo(server.url, 'Cluster in flight 2')];
    await Promise.all(slow.map(({ started }) => started));
    await expect
      .poll(() => connectionsPerWorker(server).reduce((sum, held) => sum + held, 0))
      .toBeGreaterThanOrEqual(2);
    const exit = exitOf(server);
    server.process.kill('SIGTERM');
    await expect.poll(() => refused(server.url), { timeout: 5_000 }).toBe(true);
    for (const request of slow) request.finish();
    for (const { response } of slow) expect((await response).status).toBe(201);
    const { code, ms } = await exit;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    // Both workers drained (each logs it with its own pid).
    expect(server.output().match(/"msg":"drained"/g)).toHaveLength(2);
  }, 300_000);

  it('exits 0 when a worker is still starting: it dies of the signal with nothing in flight', async () => {
    const server = await start(ensureClusterBuild(), { NITRO_CLUSTER_WORKERS: '2' });
    await expect.poll(() => listeningWorkers(server), { timeout: 60_000 }).toHaveLength(2);
    // The primary replaces a worker that dies; the signal comes while the new one still loads the app.
    const [killed, serving] = listeningWorkers(server);
    process.kill(killed, 'SIGKILL');
    await expect.poll(() => server.output()).toMatch(/"msg":"worker died: starting another"/);
    const exit = exitOf(server);
    server.process.kill('SIGTERM');
    const { code } = await exit;
    expect(code).toBe(0);
    expect(listeningWorkers(server)).toEqual([killed, serving]);
    expect(server.output()).toMatch(/"msg":"worker stopped before it started"/);
    expect(server.output()).toMatch(new RegExp(`"pid":${serving},[^\\n]*"msg":"drained"`));
  }, 300_000);
});

describe('GET /api/v1/todos/events while its server drains (two servers on one PostgreSQL)', () => {
  let postgres: RunningPostgres;
  let databaseUrl: string;

  beforeAll(async () => {
    postgres = await startPostgres();
    databaseUrl = await postgres.createDatabase();
  }, 120_000);

  afterAll(() => postgres?.stop());

  it('ends the stream with a last retry:, and the client misses nothing on the other server with Last-Event-ID', async () => {
    const [draining, other] = await Promise.all([
      start(serverEntry, { DATABASE_URL: databaseUrl }),
      start(serverEntry, { DATABASE_URL: databaseUrl }),
    ]);
    const tag = `drain ${crypto.randomUUID()}`;
    const stream = await openEventStream(draining.url);
    await stream.until('ready', (events) => events.some(({ event }) => event === 'ready'));
    const before = await createTodo(draining.url, `${tag} before`);
    await stream.until('the first change', () => changesTagged(stream.events, tag).length === 1);

    const exit = exitOf(draining);
    draining.process.kill('SIGTERM');
    const text = await stream.body();
    expect(text).toMatch(/retry: 500\n\n$/);
    // Written while the client is away, through the other server.
    const missed = [
      await createTodo(other.url, `${tag} missed 1`),
      await createTodo(other.url, `${tag} missed 2`),
    ];
    expect((await exit).code).toBe(0);

    const lastEventId = stream.events.filter(({ id }) => id !== undefined).at(-1)?.id ?? '';
    const resumed = await openEventStream(other.url, { headers: { 'last-event-id': lastEventId } });
    await resumed.until('the missed changes', () => changesTagged(resumed.events, tag).length === 2);
    await sleep(300);
    expect(changesTagged(stream.events, tag).map(({ todo }) => todo.id)).toEqual([before.id]);
    expect(changesTagged(resumed.events, tag).map(({ todo }) => todo.id)).toEqual(missed.map(({ id }) => id));
    resumed.close();
  }, 60_000);
});
