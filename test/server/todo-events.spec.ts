import { afterEach, describe, expect, inject, it } from 'vitest';

import { type EventStreamClient, openEventStream } from '../support/event-stream';
import { changesTagged, createTodo, sendTodo, todoChanges } from '../support/todo-api';

const baseUrl = inject('baseUrl');
const open: EventStreamClient[] = [];

/** Opens the todo stream and waits for its first event, `ready` or `reset`. */
async function connect(headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const stream = await openEventStream(baseUrl, { headers });
  open.push(stream);
  expect(stream.status).toBe(200);
  await stream.until('first event', (events) => events.length > 0);
  return stream;
}

afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

describe('GET /api/v1/todos/events', () => {
  it('answers an uncached, unbuffered event stream that starts with ready, retry and its position', async () => {
    const stream = await connect();
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect(stream.headers['cache-control']).toMatch(/\bno-cache\b/);
    expect(stream.headers['x-accel-buffering']).toBe('no');
    const [ready] = stream.events;
    expect(ready).toMatchObject({ event: 'ready', retry: 2000, id: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse(ready.data)).toEqual({ lastEventId: ready.id });
  });

  it('is never compressed, so no encoder holds events back', async () => {
    const stream = await connect({ 'accept-encoding': 'gzip, deflate, br' });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.events[0].event).toBe('ready');
  });

  it('sends create, update and delete of a todo in order, each with a rising id', async () => {
    const stream = await connect();
    const tag = `events ${crypto.randomUUID()}`;
    const todo = await createTodo(baseUrl, tag);
    expect((await sendTodo(baseUrl, 'PATCH', `/api/v1/todos/${todo.id}`, { done: true })).status).toBe(200);
    expect(
      (await sendTodo(baseUrl, 'PATCH', `/api/v1/todos/${todo.id}`, { title: `${tag} renamed` })).status,
    ).toBe(200);
    expect((await sendTodo(baseUrl, 'DELETE', `/api/v1/todos/${todo.id}`)).status).toBe(204);

    await stream.until('the delete', () => changesTagged(stream.events, tag).length === 4);
    const changes = changesTagged(stream.events, tag);
    expect(changes.map(({ type, todo }) => [type, todo])).toEqual([
      ['created', todo],
      ['updated', { ...todo, done: true }],
      ['updated', { ...todo, done: true, title: `${tag} renamed` }],
      ['deleted', { id: todo.id }],
    ]);
    const ids = todoChanges(stream.events).map(({ id }) => id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends a rejected write nothing: a 404 or 422 leaves no event', async () => {
    const stream = await connect();
    const tag = `refused ${crypto.randomUUID()}`;
    expect(
      (await sendTodo(baseUrl, 'PATCH', `/api/v1/todos/${crypto.randomUUID()}`, { done: true })).status,
    ).toBe(404);
    expect((await sendTodo(baseUrl, 'POST', '/api/v1/todos', { title: '' })).status).toBe(422);
    const marker = await createTodo(baseUrl, tag);
    await stream.until('the marker', () => changesTagged(stream.events, tag).length === 1);
    expect(todoChanges(stream.events).filter(({ todo }) => todo.id === marker.id)).toHaveLength(1);
    expect(todoChanges(stream.events).every(({ todo }) => todo.title !== '')).toBe(true);
  });

  it('replays exactly the 50 changes written after Last-Event-ID, in order, once, then goes on live', async () => {
    // A witness stays connected throughout: the replay must equal what it saw after event k.
    const witness = await connect();
    const dropped = await connect();
    const tag = `replay ${crypto.randomUUID()}`;
    const first = await createTodo(baseUrl, `${tag} first`);
    await dropped.until('event k', () => changesTagged(dropped.events, tag).length === 1);
    const k = changesTagged(dropped.events, tag)[0].id;
    dropped.close();

    const todos = await Promise.all(Array.from({ length: 25 }, (_, n) => createTodo(baseUrl, `${tag} ${n}`)));
    for (const todo of todos) {
      expect((await sendTodo(baseUrl, 'PATCH', `/api/v1/todos/${todo.id}`, { done: true })).status).toBe(200);
    }
    await witness.until('the 50 changes', () => changesTagged(witness.events, tag).length === 51);

    const resumed = await connect({ 'last-event-id': String(k) });
    expect(resumed.events[0]).toMatchObject({ event: 'ready', id: String(k) });
    await resumed.until('the replay', () => changesTagged(resumed.events, tag).length >= 50);
    const last = await createTodo(baseUrl, `${tag} live`);
    await resumed.until('the live change', () => changesTagged(resumed.events, tag).length >= 51);
    await witness.until('the live change', () => changesTagged(witness.events, tag).length === 52);

    const replayed = changesTagged(resumed.events, tag);
    expect(replayed).toHaveLength(51);
    expect(replayed.slice(0, 50)).toEqual(changesTagged(witness.events, tag).slice(1, 51));
    expect(replayed.at(-1)).toMatchObject({ type: 'created', todo: last });
    expect(replayed.filter(({ todo }) => todo.id === first.id)).toEqual([]);
    // Everything after k, other specs' changes included, once and in order.
    const ids = todoChanges(resumed.events).map(({ id }) => id);
    expect(ids[0]).toBeGreaterThan(k);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    const witnessed = todoChanges(witness.events).filter(({ id }) => id > k && id <= ids.at(-1)!);
    expect(todoChanges(resumed.events)).toEqual(witnessed);
  });

  it('answers reset when Last-Event-ID is no id it keeps, then goes on live', async () => {
    for (const lastEventId of ['999999999999', 'not-an-id']) {
      const stream = await connect({ 'last-event-id': lastEventId });
      const [reset] = stream.events;
      expect(reset).toMatchObject({ event: 'reset', retry: 2000, id: expect.stringMatching(/^\d+$/) });
      const tag = `reset ${crypto.randomUUID()}`;
      await createTodo(baseUrl, tag);
      await stream.until('a live change', () => changesTagged(stream.events, tag).length === 1);
      expect(changesTagged(stream.events, tag)[0].id).toBeGreaterThan(Number(reset.id));
    }
  });
});
