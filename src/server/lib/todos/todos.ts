import { createError } from 'h3';
import { useNitroApp, useRuntimeConfig } from 'nitropack/runtime';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

import { useDatabase } from '../db';
import type { todoOutput } from './todo-schemas';

declare module 'nitropack/types' {
  interface NitroRuntimeHooks {
    /** A todo was created, changed or deleted here, before the write answers: the list lessons hook in. */
    'todos:changed': () => void | Promise<void>;
  }
}

export type Todo = z.output<typeof todoOutput>;

/** A todo row as both dialects return it: SQLite has no boolean type and answers `done` as 0 or 1. */
export type TodoRow = Omit<Todo, 'done'> & { done: boolean | number };

/** A boolean as a parameter both take: SQLite binds no booleans, PostgreSQL reads 1 and 0 as true and false. */
export const sqlBoolean = (value: boolean) => (value ? 1 : 0);

export const toTodo = (row: TodoRow): Todo => ({ ...row, done: Boolean(row.done) });

/** Tells the `todos:changed` hooks, then answers `todo`. */
async function changed<T>(todo: T): Promise<T> {
  await useNitroApp().hooks.callHook('todos:changed');
  return todo;
}

function notFound(id: string): never {
  throw createError({ statusCode: 404, statusMessage: `Todo ${id} not found` });
}

/** `todosMax` in the runtime config (`TODOS_MAX`, default 1,000): the most todos the list holds. */
export function todosMax(): number {
  return z.coerce.number().int().positive().parse(useRuntimeConfig()['todosMax']);
}

/**
 * Adds a todo unless the list already holds `max`: anyone may write this list, so its size, not
 * the caller, is what bounds the disk it takes. The count and the insert are one statement;
 * SQLite runs writes one at a time, so the cap is exact there, while concurrent inserts on
 * PostgreSQL may pass it by at most the number running at that moment.
 * @status 409 The list is full (`TODOS_MAX` todos): delete one first.
 */
export async function createTodo(title: string, max: number): Promise<Todo> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: TodoRow[] }>`INSERT INTO todos (id, title, created_at)
    SELECT ${randomUUID()}, ${title}, ${new Date().toISOString()} WHERE (SELECT count(*) FROM todos) < ${max}
    RETURNING id, title, done, created_at AS "createdAt"`;
  if (!rows[0])
    throw createError({
      statusCode: 409,
      statusMessage: 'Conflict',
      message: `The list holds ${max} todos, the most it may; delete one first`,
      data: { limit: max },
    });
  return changed(toTodo(rows[0]));
}

/**
 * Changes a todo in one statement: `COALESCE` keeps each column the request leaves out, so a
 * concurrent rename and toggle of one todo both survive, and a deleted todo stays deleted.
 * @status 404 No todo has the id.
 */
export async function updateTodo(id: string, changes: Partial<Pick<Todo, 'title' | 'done'>>): Promise<Todo> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: TodoRow[] }>`UPDATE todos
    SET title = COALESCE(${changes.title ?? null}, title), done = COALESCE(${changes.done === undefined ? null : sqlBoolean(changes.done)}, done)
    WHERE id = ${id}
    RETURNING id, title, done, created_at AS "createdAt"`;
  return rows[0] ? changed(toTodo(rows[0])) : notFound(id);
}

/** @status 404 No todo has the id. */
export async function deleteTodo(id: string): Promise<void> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: TodoRow[] }>`DELETE FROM todos WHERE id = ${id} RETURNING id`;
  return rows.length ? changed(undefined) : notFound(id);
}
