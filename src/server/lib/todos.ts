import { createError } from 'h3';
import { useStorage } from 'nitropack/runtime';
import { randomUUID } from 'node:crypto';

import { transaction } from './db';

export interface Todo {
  id: string;
  title: string;
  done: boolean;
  createdAt: string;
}

/** One storage key per todo, so concurrent writes to different todos never overwrite each other. */
const todos = () => useStorage<Todo>('db:todos');
const todoKey = (id: string) => `todos:${id}`;

function notFound(id: string): never {
  throw createError({ statusCode: 404, statusMessage: `Todo ${id} not found` });
}

export async function listTodos(done?: boolean): Promise<Todo[]> {
  const keys = await todos().getKeys();
  const items = await todos().getItems(keys);
  // A todo deleted between `getKeys` and `getItems` reads as null: skip it.
  return items
    .flatMap(({ value }) => (value ? [value] : []))
    .filter((todo) => done === undefined || todo.done === done)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export async function createTodo(title: string): Promise<Todo> {
  const todo: Todo = { id: randomUUID(), title, done: false, createdAt: new Date().toISOString() };
  await todos().setItem(todo.id, todo);
  return todo;
}

/**
 * Changes a todo as a `db` transaction, so two concurrent changes to one todo (a rename and a
 * toggle) both survive, and a change never resurrects a deleted todo.
 */
export function updateTodo(id: string, changes: Partial<Pick<Todo, 'title' | 'done'>>): Promise<Todo> {
  return transaction(async (tx) => {
    const todo = { ...((await tx.get<Todo>(todoKey(id))) ?? notFound(id)), ...changes };
    tx.set(todoKey(id), todo);
    return todo;
  });
}

export function deleteTodo(id: string): Promise<void> {
  return transaction(async (tx) => {
    if (!(await tx.get<Todo>(todoKey(id)))) notFound(id);
    tx.remove(todoKey(id));
  });
}
