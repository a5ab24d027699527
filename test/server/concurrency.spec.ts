import { describe, expect, inject, it } from 'vitest';

import { type Todo, allTodos } from '../support/todos';

const baseUrl = inject('baseUrl');

const send = (method: string, path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

/** Creates `count` todos titled `<tag> <n>`, and returns them. */
async function createTodos(tag: string, count: number): Promise<Todo[]> {
  const created = Array.from({ length: count }, (_, n) =>
    send('POST', '/api/v1/todos', { title: `${tag} ${n}` }),
  );
  return Promise.all(created.map(async (response) => (await response).json() as Promise<Todo>));
}

/** The stored todos whose title starts with `tag` (only the finished ones with `done: true`). */
async function storedTodos(tag: string, filter: { done?: boolean } = {}): Promise<Todo[]> {
  return (await allTodos(baseUrl, filter)).filter((todo) => todo.title.startsWith(tag));
}

describe('concurrent writes to /api/v1/todos', () => {
  it('stores exactly 200 todos from 200 concurrent creates', async () => {
    const tag = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) => send('POST', '/api/v1/todos', { title: `${tag} #${n}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    const created = (await Promise.all(responses.map((response) => response.json()))) as Todo[];
    expect(new Set(created.map((todo) => todo.id)).size).toBe(200);

    expect(await storedTodos(tag)).toHaveLength(200);
  });

  it('keeps every one of 50 concurrent toggles of different todos', async () => {
    const tag = crypto.randomUUID();
    const todos = await createTodos(tag, 50);
    const toggles = await Promise.all(
      todos.map((todo) => send('PATCH', `/api/v1/todos/${todo.id}`, { done: true })),
    );
    expect(toggles.every((response) => response.status === 200)).toBe(true);

    expect(await storedTodos(tag, { done: true })).toHaveLength(50);
  });

  it('keeps both of two concurrent changes to the same todo', async () => {
    const tag = crypto.randomUUID();
    const todos = await createTodos(tag, 20);
    const changes = await Promise.all(
      todos.flatMap((todo) => [
        send('PATCH', `/api/v1/todos/${todo.id}`, { title: `${todo.title} renamed` }),
        send('PATCH', `/api/v1/todos/${todo.id}`, { done: true }),
      ]),
    );
    expect(changes.map((response) => response.status)).toEqual(Array(40).fill(200));

    const stored = await storedTodos(tag);
    expect(stored).toHaveLength(20);
    for (const todo of stored)
      expect(todo).toMatchObject({ title: expect.stringMatching(/ renamed$/), done: true });
  });
});
