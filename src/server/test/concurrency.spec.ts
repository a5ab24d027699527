import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

interface Todo {
  id: string;
  title: string;
  done: boolean;
}

const send = (method: string, path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

describe('concurrent writes to /api/v1/todos', () => {
  it('stores exactly 200 todos from 200 concurrent creates', async () => {
    const tag = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) => send('POST', '/api/v1/todos', { title: `${tag} #${n}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    const created = (await Promise.all(responses.map((response) => response.json()))) as Todo[];
    expect(new Set(created.map((todo) => todo.id)).size).toBe(200);

    const stored = ((await (await fetch(`${baseUrl}/api/v1/todos`)).json()) as Todo[]).filter((todo) =>
      todo.title.startsWith(tag),
    );
    expect(stored).toHaveLength(200);
  });

  it('keeps every one of 50 concurrent toggles of different todos', async () => {
    const tag = crypto.randomUUID();
    const todos = (await Promise.all(
      Array.from({ length: 50 }, async (_, n) =>
        (await send('POST', '/api/v1/todos', { title: `${tag} ${n}` })).json(),
      ),
    )) as Todo[];
    const toggles = await Promise.all(
      todos.map((todo) => send('PATCH', `/api/v1/todos/${todo.id}`, { done: true })),
    );
    expect(toggles.every((response) => response.status === 200)).toBe(true);

    const stored = ((await (await fetch(`${baseUrl}/api/v1/todos?done=true`)).json()) as Todo[]).filter(
      (todo) => todo.title.startsWith(tag),
    );
    expect(stored).toHaveLength(50);
  });

  it('keeps both of two concurrent changes to the same todo', async () => {
    const tag = crypto.randomUUID();
    const todos = (await Promise.all(
      Array.from({ length: 20 }, async (_, n) =>
        (await send('POST', '/api/v1/todos', { title: `${tag} ${n}` })).json(),
      ),
    )) as Todo[];
    const changes = await Promise.all(
      todos.flatMap((todo) => [
        send('PATCH', `/api/v1/todos/${todo.id}`, { title: `${todo.title} renamed` }),
        send('PATCH', `/api/v1/todos/${todo.id}`, { done: true }),
      ]),
    );
    expect(changes.map((response) => response.status)).toEqual(Array(40).fill(200));

    const stored = ((await (await fetch(`${baseUrl}/api/v1/todos`)).json()) as Todo[]).filter((todo) =>
      todo.title.startsWith(tag),
    );
    expect(stored).toHaveLength(20);
    for (const todo of stored)
      expect(todo).toMatchObject({ title: expect.stringMatching(/ renamed$/), done: true });
  });
});
