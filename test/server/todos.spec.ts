import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

interface Todo {
  id: string;
  title: string;
  done: boolean;
  createdAt: string;
}

const send = (method: string, path: string, body?: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

async function createTodo(title: string): Promise<Todo> {
  const response = await send('POST', '/api/v1/todos', { title });
  expect(response.status).toBe(201);
  return (await response.json()) as Todo;
}

describe('POST /api/v1/todos', () => {
  it('creates a todo with 201', async () => {
    const response = await send('POST', '/api/v1/todos', { title: '  Buy tea  ' });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const todo = (await response.json()) as Todo;
    expect(todo).toMatchObject({ title: 'Buy tea', done: false });
    expect(todo.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(todo.createdAt))).toBe(false);
  });

  it('rejects an empty title with 422 and the issue path', async () => {
    const response = await send('POST', '/api/v1/todos', { title: '   ' });
    expect(response.status).toBe(422);
    expect(response.headers.get('x-analog-errors')).toBe('true');
    const issues = (await response.json()) as { path: string[]; message: string }[];
    expect(issues).toEqual([expect.objectContaining({ path: ['title'], message: 'Enter a title' })]);
  });
});

describe('GET /api/v1/todos', () => {
  it('lists todos and filters by done', async () => {
    const open = await createTodo('Open todo');
    const finished = await createTodo('Finished todo');
    await send('PATCH', `/api/v1/todos/${finished.id}`, { done: true });

    const all = (await (await fetch(`${baseUrl}/api/v1/todos`)).json()) as Todo[];
    expect(all.map((todo) => todo.id)).toEqual(expect.arrayContaining([open.id, finished.id]));

    const done = (await (await fetch(`${baseUrl}/api/v1/todos?done=true`)).json()) as Todo[];
    expect(done.map((todo) => todo.id)).toContain(finished.id);
    expect(done.map((todo) => todo.id)).not.toContain(open.id);

    const notDone = (await (await fetch(`${baseUrl}/api/v1/todos?done=false`)).json()) as Todo[];
    expect(notDone.map((todo) => todo.id)).toContain(open.id);
    expect(notDone.every((todo) => !todo.done)).toBe(true);
  });

  it('rejects a done filter that is not true or false with 422', async () => {
    expect((await fetch(`${baseUrl}/api/v1/todos?done=maybe`)).status).toBe(422);
  });
});

describe('PATCH /api/v1/todos/:id', () => {
  it('toggles done and renames', async () => {
    const todo = await createTodo('Rename me');
    const response = await send('PATCH', `/api/v1/todos/${todo.id}`, { done: true, title: 'Renamed' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...todo, done: true, title: 'Renamed' });
  });

  it('rejects an empty change with 422', async () => {
    const todo = await createTodo('Unchanged');
    expect((await send('PATCH', `/api/v1/todos/${todo.id}`, {})).status).toBe(422);
  });

  it('rejects an id that is not a UUID with 422', async () => {
    expect((await send('PATCH', '/api/v1/todos/42', { done: true })).status).toBe(422);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await send('PATCH', `/api/v1/todos/${crypto.randomUUID()}`, { done: true });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('DELETE /api/v1/todos/:id', () => {
  it('deletes with 204 and no body, then the todo is gone', async () => {
    const todo = await createTodo('Delete me');
    const response = await send('DELETE', `/api/v1/todos/${todo.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await send('PATCH', `/api/v1/todos/${todo.id}`, { done: true })).status).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await send('DELETE', `/api/v1/todos/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
