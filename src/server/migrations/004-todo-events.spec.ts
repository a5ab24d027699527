import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { migrate } from '../lib/db/migrations';
import { keptTodoEvents } from './004-todo-events';

let db: Database;

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await migrate(db);
});

afterEach(() => db.dispose());

const events = async () =>
  (await db.sql`SELECT id, type, data FROM todo_events ORDER BY id`).rows as {
    id: number;
    type: string;
    data: string;
  }[];

describe('todo_events (SQLite)', () => {
  it('appends an event in the same statement as each created, updated and deleted todo', async () => {
    await db.sql`INSERT INTO todos (id, title, done, created_at) VALUES ('a', 'Tea', 0, '2026-01-01T00:00:00.000Z')`;
    await db.sql`UPDATE todos SET done = 1 WHERE id = 'a'`;
    await db.sql`DELETE FROM todos WHERE id = 'a'`;
    expect((await events()).map(({ id, type, data }) => [id, type, JSON.parse(data)])).toEqual([
      [1, 'created', { id: 'a', title: 'Tea', done: false, createdAt: '2026-01-01T00:00:00.000Z' }],
      [2, 'updated', { id: 'a', title: 'Tea', done: true, createdAt: '2026-01-01T00:00:00.000Z' }],
      [3, 'deleted', { id: 'a' }],
    ]);
  });

  it('appends nothing when the change is refused', async () => {
    await expect(
      db.sql`INSERT INTO todos (id, title, done, created_at) VALUES ('a', '', 0, 'now')`,
    ).rejects.toThrow(/CHECK/);
    expect(await events()).toEqual([]);
  });

  it(`keeps only the newest ${keptTodoEvents} events`, async () => {
    const extra = 5;
    // One statement, one trigger run per row.
    await db.sql`INSERT INTO todos (id, title, done, created_at)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${keptTodoEvents + extra})
      SELECT i, 'x', 0, 'now' FROM n`;
    const { rows = [] } =
      await db.sql`SELECT COUNT(*) AS kept, MIN(id) AS oldest, MAX(id) AS newest FROM todo_events`;
    expect(rows[0]).toEqual({ kept: keptTodoEvents, oldest: extra + 1, newest: keptTodoEvents + extra });
  });
});
