import { createError } from 'h3';
import { useStorage } from 'nitropack/runtime';
import { randomUUID } from 'node:crypto';

export interface Todo {
  id: string;
  title: string;
  done: boolean;
  createdAt: string;
}

/** One storage key per todo, so concurrent writes to different todos never overwrite each other. */
const todos = () => useStorage<Todo>('db:todos');

export async function listTodos(done?: boolean): Promise<Todo[]> {
  const keys = await todos().getKeys();
  const items = await todos().getItems(keys);
  return items
    .map(({ value }) => value)
    .filter((todo) => done === undefined || todo.done === done)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export async function createTodo(title: string): Promise<Todo> {
  const todo: Todo = { id: randomUUID(), title, done: false, createdAt: new Date().toISOString() };
  await todos().setItem(todo.id, todo);
  return todo;
}

/** The stored todo, or a 404 error. */
export async function requireTodo(id: string): Promise<Todo> {
  const todo = await todos().getItem(id);
  if (!todo) throw createError({ statusCode: 404, statusMessage: `Todo ${id} not found` });
  return todo;
}

export async function updateTodo(id: string, changes: Partial<Pick<Todo, 'title' | 'done'>>): Promise<Todo> {
  const todo = { ...(await requireTodo(id)), ...changes };
  await todos().setItem(id, todo);
  return todo;
}

export async function deleteTodo(id: string): Promise<void> {
  await requireTodo(id);
  await todos().removeItem(id);
}
