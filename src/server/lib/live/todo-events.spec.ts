import { createDatabase, type Database } from 'db0';
import betterSqlite3 from 'db0/connectors/better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { migrate } from '../db/migrations';
import { deleteEventsBefore, keepsEventsAfter, windowStart } from './todo-events';

// Outside Nitro: these take the database they read; the stream's settings are read only when one opens.
vi.mock('nitropack/runtime', () => ({}));

let db: Database;

beforeEach(async () => {
  db = createDatabase(betterSqlite3({ name: ':memory:' }));
  await migrate(db);
  // Six events: ids 1 to 6.
  for (const id of ['a', 'b', 'c']) {
    await db.sql`INSERT INTO todos (id, title, done, created_at) VALUES (${id}, 'Tea', 0, '2026-01-01T00:00:00.000Z')`;
    await db.sql`UPDATE todos SET done = 1 WHERE id = ${id}`;
  }
});

afterEach(() => db.dispose());

const now = new Date('2026-11-25T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
/** Makes events up to `id` look written `hours` ago. */
const age = (id: number, hours: number) =>
  db.sql`UPDATE todo_events SET created_at = ${hoursAgo(hours)} WHERE id <= ${id}`;
const ids = async () => (await db.sql`SELECT id FROM todo_events ORDER BY id`).rows?.map(({ id }) => id);

describe('todo_events: the replay window', () => {
  it('stamps each event with the time it was written, as ISO text', async () => {
    const before = new Date().toISOString();
    await db.sql`UPDATE todos SET title = 'Green tea' WHERE id = 'a'`;
    const { rows = [] } = await db.sql`SELECT created_at FROM todo_events ORDER BY id DESC LIMIT 1`;
    expect(String(rows[0]['created_at'])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(String(rows[0]['created_at']) >= before).toBe(true);
  });

  it('resumes after an id while every later event is kept and the first is under 24 hours old', async () => {
    await age(3, 23);
    expect(await keepsEventsAfter(db, 2, 6, now)).toBe(true);
    expect(await keepsEventsAfter(db, 6, 6, now)).toBe(true);
  });

  it('does not resume when the first missed event is older than 24 hours, even before it is purged', async () => {
    await age(3, 25);
    expect(await keepsEventsAfter(db, 2, 6, now)).toBe(false);
    expect(await keepsEventsAfter(db, 3, 6, now)).toBe(true);
  });

  it('does not resume when events after the id were deleted, or none is left of those the caller saw', async () => {
    await db.sql`DELETE FROM todo_events WHERE id <= 3`;
    expect(await keepsEventsAfter(db, 1, 6, now)).toBe(false);
    expect(await keepsEventsAfter(db, 2, 6, now)).toBe(false);
    expect(await keepsEventsAfter(db, 3, 6, now)).toBe(true);
    await db.sql`DELETE FROM todo_events`;
    expect(await keepsEventsAfter(db, 5, 6, now)).toBe(false);
    expect(await keepsEventsAfter(db, 6, 6, now)).toBe(true);
  });

  it('purges the events older than the window, and only ever a prefix of the log', async () => {
    await age(4, 30);
    // An out-of-order time (a clock step back) inside the prefix does not leave a hole.
    await db.sql`UPDATE todo_events SET created_at = ${hoursAgo(1)} WHERE id = 2`;
    expect(await deleteEventsBefore(db, windowStart(now))).toBe(4);
    expect(await ids()).toEqual([5, 6]);
    expect(await deleteEventsBefore(db, windowStart(now))).toBe(0);
  });
});
