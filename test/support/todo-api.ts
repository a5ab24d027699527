import { expect } from 'vitest';

import type { ServerSentEvent } from './event-stream';

export interface Todo {
  id: string;
  title: string;
  done: boolean;
  createdAt: string;
}

/** Sends JSON to the todo routes of the server at `baseUrl`. */
export const sendTodo = (baseUrl: string, method: string, path: string, body?: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

/** Creates a todo and answers it; throws unless the server answered 201. */
export async function createTodo(baseUrl: string, title: string): Promise<Todo> {
  const response = await sendTodo(baseUrl, 'POST', '/api/v1/todos', { title });
  if (response.status !== 201) throw new Error(`POST /api/v1/todos answered ${response.status}`);
  return (await response.json()) as Todo;
}

/** A todo event's type, id and payload, as a spec compares them. */
export interface TodoChange {
  id: number;
  type: string;
  todo: Partial<Todo> & { id: string };
}

/** The todo events among `events` (no `ready` or `reset`), parsed. */
export const todoChanges = (events: ServerSentEvent[]): TodoChange[] =>
  events
    .filter(({ event }) => ['created', 'updated', 'deleted'].includes(event))
    .map(({ id, event, data }) => ({
      id: Number(id),
      type: event,
      todo: JSON.parse(data) as TodoChange['todo'],
    }));

/** The changes of the todos whose title starts with `tag` (a deleted todo's id was seen created). */
export function changesTagged(events: ServerSentEvent[], tag: string): TodoChange[] {
  const ids = new Set<string>();
  return todoChanges(events).filter(({ todo }) => {
    if (todo.title?.startsWith(tag)) ids.add(todo.id);
    return ids.has(todo.id);
  });
}

/**
 * Checks what one stream saw of a burst of concurrent creates followed by `marker`'s update:
 * every created todo exactly once (in the order the database committed them), then the update,
 * with rising ids.
 */
export function expectBurstOnce(changes: TodoChange[], created: Todo[], marker: Todo): void {
  expect(changes).toHaveLength(created.length + 2);
  const burst = changes.slice(0, created.length);
  expect(burst.map(({ type }) => type)).toEqual(created.map(() => 'created'));
  expect(burst.map(({ todo }) => todo.id).sort()).toEqual(created.map(({ id }) => id).sort());
  expect(changes.slice(-2)).toMatchObject([
    { type: 'created', todo: marker },
    { type: 'updated', todo: { ...marker, done: true } },
  ]);
  const ids = changes.map(({ id }) => id);
  expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
}
