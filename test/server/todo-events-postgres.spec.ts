import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { type EventStreamClient, openEventStream } from '../support/event-stream';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';
import { type RunningServer, startProductionServer } from '../support/server';
import { changesTagged, createTodo, expectBurstOnce, sendTodo, type Todo } from '../support/todo-api';

let postgres: RunningPostgres;
let servers: RunningServer[] = [];
let streams: EventStreamClient[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase();
  servers = await Promise.all(
    [1, 2].map(() => startProductionServer(serverEntry, { DATABASE_URL: databaseUrl })),
  );
  // Two streams on each instance.
  streams = await Promise.all([...servers, ...servers].map((server) => openEventStream(server.url)));
  await Promise.all(streams.map((stream) => stream.until('ready', (events) => events.length > 0, 30_000)));
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.stop();
});

/** Creates a todo through `server`, retrying its 503s while the server reconnects to PostgreSQL. */
async function createWhenBack(server: RunningServer, title: string): Promise<Todo> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await sendTodo(server.url, 'POST', '/api/v1/todos', { title });
    if (response.status === 201) return (await response.json()) as Todo;
    if (response.status !== 503 || Date.now() > deadline) throw new Error(`POST answered ${response.status}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/** Waits until every stream has `count` changes of `tag`, and answers them per stream. */
async function everyStreamGets(tag: string, count: number, timeoutMs: number) {
  await Promise.all(
    streams.map((stream) =>
      stream.until(`${count} changes`, () => changesTagged(stream.events, tag).length >= count, timeoutMs),
    ),
  );
  return streams.map((stream) => changesTagged(stream.events, tag));
}

describe('GET /api/v1/todos/events on two instances sharing PostgreSQL (LISTEN/NOTIFY)', () => {
  it('delivers a change written through one instance to the streams of both', async () => {
    const tag = `notify ${crypto.randomUUID()}`;
    const todo = await createTodo(servers[0].url, tag);
    // NOTIFY wakes both at commit; 5 s leaves room for a loaded machine (the bound is 1 s).
    for (const changes of await everyStreamGets(tag, 1, 5_000)) {
      expect(changes).toEqual([{ id: expect.any(Number), type: 'created', todo }]);
    }
  });

  it('delivers 200 concurrent writes spread over both to every stream exactly once, in order', async () => {
    const tag = `notify burst ${crypto.randomUUID()}`;
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, n) => createTodo(servers[n % 2].url, `${tag} ${n}`)),
    );
    const marker = await createTodo(servers[1].url, `${tag} marker`);
    expect(
      (await sendTodo(servers[0].url, 'PATCH', `/api/v1/todos/${marker.id}`, { done: true })).status,
    ).toBe(200);
    const seen = await everyStreamGets(tag, 202, 20_000);
    for (const changes of seen) {
      expectBurstOnce(changes, created, marker);
      expect(changes).toEqual(seen[0]);
    }
  });

  it('keeps the streams through a PostgreSQL restart and delivers everything written after it', async () => {
    const tag = `restart ${crypto.randomUUID()}`;
    postgres.pause();
    postgres.resume();
    const written: Todo[] = [];
    for (let n = 0; n < 20; n += 1) written.push(await createWhenBack(servers[n % 2], `${tag} ${n}`));

    // The LISTEN connections reconnect every second, then read what they missed.
    for (const changes of await everyStreamGets(tag, 20, 20_000)) {
      expect(changes.map(({ type, todo }) => ({ type, todo }))).toEqual(
        written.map((todo) => ({ type: 'created', todo })),
      );
    }
    // Still the same streams: none ended and came back with a new `ready`.
    for (const stream of streams)
      expect(stream.events.filter(({ event }) => event === 'ready')).toHaveLength(1);
  }, 90_000);
});
