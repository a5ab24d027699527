import { createError } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

import { useDatabase } from '../db';
import { announceTodoChange } from '../live';
import { forgetTodoSummaries } from './todo-summary';

export interface Todo {
  id: string;
  title: string;
  done: boolean;
  createdAt: string;
}

/** A todo row as both dialects return it: SQLite has no boolean type and answers `done` as 0 or 1. */
type TodoRow = Omit<Todo, 'done'> & { done: boolean | number };

/** A boolean as a parameter both take: SQLite binds no booleans, PostgreSQL reads 1 and 0 as true and false. */
const sqlBoolean = (value: boolean) => (value ? 1 : 0);

const toTodo = ({ id, title, done, createdAt }: TodoRow): Todo => ({
  id,
  title,
  done: Boolean(done),
  createdAt,
});

function notFound(id: string): never {
  throw createError({ statusCode: 404, statusMessage: `Todo ${id} not found` });
}

/*
 * Each write below also appends its event to `todo_events`, in the same statement: the table's
 * triggers do it (src/server/migrations/004-todo-events.ts). `announceTodoChange` then wakes this
 * process's open streams at once; other processes learn of it from the database.
 */

/** One page of todos and the sort key of the todo after which the next page starts, if there is one. */
export interface TodoPage {
  items: Todo[];
  after: [createdAt: string, id: string] | null;
}

/**
 * Up to `limit` todos, newest first, after the todo whose sort key is `after` (from the newest
 * without it); only the open or only the finished ones when `done` is given. A keyset page:
 * `(created_at, id) < (…)` on the `(created_at, id)` index, read backwards. A todo inserted or
 * deleted elsewhere never shifts the pages after the cursor (an `OFFSET` page would), and page 500
 * costs what page 1 does. One row more than asked tells whether another page follows.
 */
export async function listTodoPage({
  done,
  limit,
  after,
}: {
  done?: boolean;
  limit: number;
  after?: [createdAt: string, id: string];
}): Promise<TodoPage> {
  const db = await useDatabase();
  const filter = done === undefined ? null : sqlBoolean(done);
  const { rows } = after
    ? await db.sql<{ rows: TodoRow[] }>`SELECT id, title, done, created_at AS "createdAt" FROM todos
        WHERE (created_at, id) < (${after[0]}, ${after[1]}) AND done = COALESCE(${filter}, done)
        ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`
    : await db.sql<{ rows: TodoRow[] }>`SELECT id, title, done, created_at AS "createdAt" FROM todos
        WHERE done = COALESCE(${filter}, done)
        ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`;
  const items = rows.slice(0, limit).map(toTodo);
  const last = items.at(-1);
  return { items, after: rows.length > limit && last ? [last.createdAt, last.id] : null };
}

/** The `Link` to the page after this one, with the same filter and page size: `<…>; rel="next"`. */
export function nextPageLink({ done, limit, cursor }: { done?: boolean; limit: number; cursor: string }) {
  const query = new URLSearchParams({ limit: `${limit}`, cursor });
  if (done !== undefined) query.set('done', `${done}`);
  return `</api/v1/todos?${query}>; rel="next"`;
}

/**
 * The version of the todos table: triggers add one on every insert, update and delete, in the
 * writing transaction (migration 003), from any process.
 */
export async function todosVersion(): Promise<number> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: { version: number }[] }>`SELECT version FROM data_versions
    WHERE name = 'todos'`;
  return Number(rows[0].version);
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
  announceTodoChange();
  await forgetTodoSummaries();
  return toTodo(rows[0]);
}

/**
 * Changes a todo in one statement: `COALESCE` keeps each column the request leaves out, so a
 * concurrent rename and toggle of one todo both survive, and a deleted todo stays deleted.
 */
export async function updateTodo(id: string, changes: Partial<Pick<Todo, 'title' | 'done'>>): Promise<Todo> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: TodoRow[] }>`UPDATE todos
    SET title = COALESCE(${changes.title ?? null}, title), done = COALESCE(${changes.done === undefined ? null : sqlBoolean(changes.done)}, done)
    WHERE id = ${id}
    RETURNING id, title, done, created_at AS "createdAt"`;
  if (!rows[0]) notFound(id);
  announceTodoChange();
  await forgetTodoSummaries();
  return toTodo(rows[0]);
}

export async function deleteTodo(id: string): Promise<void> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: TodoRow[] }>`DELETE FROM todos WHERE id = ${id} RETURNING id`;
  if (!rows.length) notFound(id);
  announceTodoChange();
  await forgetTodoSummaries();
}
