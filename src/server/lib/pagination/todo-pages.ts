import { useDatabase } from '../db';
import { type TodoRow, sqlBoolean, toTodo } from '../todos';
import { type TodoKey, encodeTodoCursor } from './todo-cursor';

type PageOf = { done?: boolean; limit: number; after?: TodoKey };

/**
 * Up to `limit` todos, newest first, after the todo whose sort key is `after` (from the newest
 * without it); only the open or only the finished ones when `done` is given. A keyset page:
 * `(created_at, id) < (…)` on the `(created_at, id)` index, read backwards. A todo inserted or
 * deleted elsewhere never shifts the pages after the cursor (an `OFFSET` page would), and page 500
 * costs what page 1 does. One row more than asked tells whether another page follows.
 */
export async function listTodoPage({ done, limit, after }: PageOf) {
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
  const next = rows.length > limit && last ? encodeTodoCursor([last.createdAt, last.id]) : null;
  return { items, next };
}

/** The `Link` to the page after this one, with the same filter and page size: `<…>; rel="next"`. */
export function nextPageLink({ done, limit, cursor }: { done?: boolean; limit: number; cursor: string }) {
  const query = new URLSearchParams({ limit: `${limit}`, cursor });
  if (done !== undefined) query.set('done', `${done}`);
  return `</api/v1/todos?${query}>; rel="next"`;
}

/**
 * The version of the todos table: triggers add one on every insert, update and delete, in the
 * writing transaction (migration 005), from any process.
 */
export async function todosVersion(): Promise<number> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: { version: number }[] }>`SELECT version FROM data_versions
    WHERE name = 'todos'`;
  return Number(rows[0].version);
}
