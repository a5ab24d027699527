import { createError } from 'h3';
import { randomUUID } from 'node:crypto';

import { useDatabase } from './database';
import { announceTodoChange } from './todo-events';

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

/** Every todo, oldest first; only the open or only the finished ones when `done` is given. */
export async function listTodos(done?: boolean): Promise<Todo[]> {
  const db = await useDatabase();
  const { rows } =
    done === undefined
      ? await db.sql<{ rows: TodoRow[] }>`SELECT id, title, done, created_at AS "createdAt"
          FROM todos ORDER BY created_at, id`
      : await db.sql<{ rows: TodoRow[] }>`SELECT id, title, done, created_at AS "createdAt"
          FROM todos WHERE done = ${sqlBoolean(done)} ORDER BY created_at, id`;
  return rows.map(toTodo);
}

export async function createTodo(title: string): Promise<Todo> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: TodoRow[] }>`INSERT INTO todos (id, title, done, created_at)
    VALUES (${randomUUID()}, ${title}, ${sqlBoolean(false)}, ${new Date().toISOString()})
    RETURNING id, title, done, created_at AS "createdAt"`;
  announceTodoChange();
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
  return toTodo(rows[0]);
}

export async function deleteTodo(id: string): Promise<void> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: TodoRow[] }>`DELETE FROM todos WHERE id = ${id} RETURNING id`;
  if (!rows.length) notFound(id);
  announceTodoChange();
}
