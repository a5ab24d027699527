import { cpus } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureClusterBuild } from '../support/build';
import { type EventStreamClient, openEventStream } from '../support/event-stream';
import { childrenOf, connectionsPerWorker } from '../support/processes';
import { type RunningServer, startProductionServer } from '../support/server';
import { changesTagged, createTodo, expectBurstOnce, sendTodo } from '../support/todo-api';
import { newAccount, postJson, sessionCookie, signUpAdmin } from '../support/sessions';
import { type Todo, allTodos } from '../support/todos';

let server: RunningServer;
/** The admin's session: the users routes let only it create and list users. */
let admin: string;

interface User {
  id: number;
  name: string;
}

const send = (method: string, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', cookie: admin },
  });

const getJson = async <T>(path: string) =>
  (await (await fetch(`${server.url}${path}`, { headers: { cookie: admin } })).json()) as T;

/** Sends `count` concurrent POSTs to `path`, expects 201 for each, and answers the created records. */
async function createConcurrently<T>(
  path: string,
  count: number,
  body: (n: number) => unknown,
): Promise<T[]> {
  const responses = await Promise.all(Array.from({ length: count }, (_, n) => send('POST', path, body(n))));
  expect(responses.map((response) => response.status)).toEqual(Array(count).fill(201));
  return Promise.all(responses.map((response) => response.json() as Promise<T>));
}

beforeAll(async () => {
  server = await startProductionServer(ensureClusterBuild());
  admin = await signUpAdmin(server.url);
}, 300_000);

afterAll(() => server?.stop());

describe('BUILD_PRESET=node-cluster', () => {
  it('runs one worker per core', async () => {
    await expect
      .poll(() => childrenOf(server.process.pid ?? 0).length, { timeout: 10_000 })
      .toBe(cpus().length);
  });

  it('serves a page and an API route', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Analog Notebook');
    const api = await fetch(`${server.url}/api/v1/hello`);
    expect(await api.json()).toEqual({ message: 'Hello World' });
  });

  it('stores exactly 200 users from 200 concurrent creates on different workers', async () => {
    const tag = crypto.randomUUID();
    const created = await createConcurrently<User>('/api/v1/users', 200, (n) => ({ name: `${tag} ${n}` }));
    expect(new Set(created.map((user) => user.id)).size).toBe(200);

    const stored = (await getJson<User[]>('/api/v1/users')).filter((user) => user.name.startsWith(tag));
    expect(stored).toHaveLength(200);
    expect(stored).toEqual(expect.arrayContaining(created));
  });

  it('stores exactly 200 todos from 200 concurrent creates on different workers', async () => {
    const tag = crypto.randomUUID();
    const created = await createConcurrently<Todo>('/api/v1/todos', 200, (n) => ({ title: `${tag} ${n}` }));
    expect(new Set(created.map((todo) => todo.id)).size).toBe(200);

    const stored = (await allTodos(server.url)).filter((todo) => todo.title.startsWith(tag));
    expect(stored).toHaveLength(200);
    expect(stored).toEqual(expect.arrayContaining(created));
  });

  it('keeps every concurrent rename and toggle of one todo across workers', async () => {
    const tag = crypto.randomUUID();
    const todos = await createConcurrently<Todo>('/api/v1/todos', 20, (n) => ({ title: `${tag} ${n}` }));
    const changes = await Promise.all(
      todos.flatMap((todo) => [
        send('PATCH', `/api/v1/todos/${todo.id}`, { title: `${todo.title} renamed` }),
        send('PATCH', `/api/v1/todos/${todo.id}`, { done: true }),
      ]),
    );
    expect(changes.map((response) => response.status)).toEqual(Array(40).fill(200));

    const stored = (await allTodos(server.url)).filter((todo) => todo.title.startsWith(tag));
    expect(stored).toHaveLength(20);
    for (const todo of stored)
      expect(todo).toMatchObject({ title: expect.stringMatching(/ renamed$/), done: true });
  });

  it('holds the sign-in limit across workers: 5 of 10 concurrent failures answer 401, the rest 429', async () => {
    const account = newAccount();
    expect((await postJson(server.url, '/api/v1/auth/sign-up', account)).status).toBe(201);
    const wrong = { email: account.email, password: 'not the password' };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postJson(server.url, '/api/v1/auth/sign-in', wrong)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('ends a session in every worker at once when it signs out, though each had verified its cookie', async () => {
    const signedUp = await postJson(server.url, '/api/v1/auth/sign-up', newAccount());
    const cookie = sessionCookie(signedUp);
    const readMe = () => fetch(`${server.url}/api/v1/me`, { headers: { cookie } });
    // Twenty reads spread over the workers: each caches the verified seal.
    const before = await Promise.all(Array.from({ length: 20 }, readMe));
    expect(before.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect((await postJson(server.url, '/api/v1/auth/sign-out', {}, { cookie })).status).toBe(204);
    const after = await Promise.all(Array.from({ length: 20 }, readMe));
    expect(after.map((response) => response.status)).toEqual(Array(20).fill(401));
  });

  it('serves the cached todo summary from one cache shared by every worker, and afresh after a write', async () => {
    interface Summary {
      total: number;
      computedAt: string;
    }
    const read = () => getJson<Summary>('/api/v1/todos/summary');
    const readMany = () => Promise.all(Array.from({ length: 20 }, read));
    // The first read computes the answer and stores it as it responds: two reads that agree show it stored.
    let first = await read();
    await expect
      .poll(async () => {
        const previous = first;
        first = await read();
        return first.computedAt === previous.computedAt;
      })
      .toBe(true);
    // Twenty reads spread over the workers: every one is that answer, from the one cache.
    for (const summary of await readMany()) expect(summary.computedAt).toBe(first.computedAt);

    await createConcurrently<Todo>('/api/v1/todos', 1, () => ({ title: 'Counted by every worker' }));
    for (const summary of await readMany()) {
      expect(summary.total).toBe(first.total + 1);
      expect(summary.computedAt).not.toBe(first.computedAt);
    }
  });
});

describe('GET /api/v1/todos/events on node-cluster (workers sharing one SQLite file)', () => {
  let streams: EventStreamClient[] = [];
  const workers = cpus().length;

  beforeAll(async () => {
    // Two streams per worker, each on its own connection: the primary deals connections round-robin.
    streams = await Promise.all(Array.from({ length: 2 * workers }, () => openEventStream(server.url)));
    await Promise.all(streams.map((stream) => stream.until('ready', (events) => events.length > 0, 30_000)));
  }, 60_000);

  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  it('holds streams on every worker', () => {
    expect(streams.map(({ status }) => status)).toEqual(Array(2 * workers).fill(200));
    const perWorker = connectionsPerWorker(server);
    expect(perWorker).toHaveLength(workers);
    for (const count of perWorker) expect(count).toBeGreaterThan(0);
  });

  it('delivers a change written through one worker to the streams of every worker', async () => {
    const tag = `cluster ${crypto.randomUUID()}`;
    const todo = await createTodo(server.url, tag);
    // PRAGMA data_version is checked every 100 ms; 5 s leaves room for a loaded machine, the
    // issue's bound is 1 s (bench/sse.mjs measures the real delay).
    await Promise.all(
      streams.map((stream) =>
        stream.until('the change', () => changesTagged(stream.events, tag).length === 1, 5_000),
      ),
    );
    for (const stream of streams)
      expect(changesTagged(stream.events, tag)[0]).toMatchObject({ type: 'created', todo });
  });

  it('delivers 200 concurrent writes spread over the workers to every stream exactly once, in order', async () => {
    const tag = `cluster burst ${crypto.randomUUID()}`;
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, n) => createTodo(server.url, `${tag} ${n}`)),
    );
    // A last write after the burst: once it arrived, nothing of the burst is still on its way.
    const marker = await createTodo(server.url, `${tag} marker`);
    expect((await sendTodo(server.url, 'PATCH', `/api/v1/todos/${marker.id}`, { done: true })).status).toBe(
      200,
    );
    await Promise.all(
      streams.map((stream) =>
        stream.until('the burst', () => changesTagged(stream.events, tag).length >= 202, 20_000),
      ),
    );
    for (const stream of streams) expectBurstOnce(changesTagged(stream.events, tag), created, marker);
    // Every stream saw the same events in the same order.
    for (const stream of streams)
      expect(changesTagged(stream.events, tag)).toEqual(changesTagged(streams[0].events, tag));
  });
});
