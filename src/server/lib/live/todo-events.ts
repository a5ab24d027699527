import type { Database } from 'db0';
import { useRuntimeConfig } from 'nitropack/runtime';

import { useDatabase } from '../db';
import { type EventLog, type FanOutSettings, type LoggedEvent, eventFanOut } from './fan-out';

/**
 * The oldest event time a client is replayed from (ISO text, as `created_at`): 24 hours ago, and only the
 * newest 10,000 (004's `keptTodoEvents`). Further behind, it gets `reset`; `purgeTodoEvents` deletes older.
 */
export const windowStart = (now: Date) => new Date(now.getTime() - 24 * 3_600_000).toISOString();

/** True when `todo_events` holds every event after `after` up to `newest`, the first inside the window. */
export async function keepsEventsAfter(db: Database, after: number, newest: number, now = new Date()) {
  const { rows = [] } = await db.sql`SELECT
    (SELECT MIN(id) FROM todo_events) AS oldest,
    (SELECT created_at FROM todo_events WHERE id > ${after} ORDER BY id LIMIT 1) AS next_at`;
  const { oldest, next_at: nextAt } = rows[0] ?? {};
  // None left after it: fine only if none was ever written after it.
  return nextAt == null ? after >= newest : Number(oldest) <= after + 1 && String(nextAt) >= windowStart(now);
}

/** Deletes the events written before `cutoff` (ISO time), only ever a prefix of the log; answers how many. */
export async function deleteEventsBefore(db: Database, cutoff: string): Promise<number> {
  const { rows = [] } = await db.sql`DELETE FROM todo_events WHERE id <= (
    SELECT MAX(id) FROM todo_events WHERE created_at < ${cutoff}) RETURNING id`;
  return rows.length;
}

/** Deletes the events past the replay window, for the housekeeping recipe; answers how many. */
export const purgeTodoEvents = async (now = new Date()) =>
  deleteEventsBefore(await useDatabase(), windowStart(now));

/** The rows that the triggers of migrations 004 and 011 append to `todo_events` with each todo write. */
const todoEventLog: EventLog = {
  async after(id, limit) {
    const db = await useDatabase();
    const { rows = [] } = await db.sql<{ rows: LoggedEvent[] }>`SELECT id, type, data FROM todo_events
      WHERE id > ${id} ORDER BY id LIMIT ${limit}`;
    // PostgreSQL answers a BIGSERIAL as a string.
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  },
  async newest() {
    const { rows = [] } = await (await useDatabase()).sql`SELECT MAX(id) AS newest FROM todo_events`;
    return Number(rows[0]?.['newest'] ?? 0);
  },
  keeps: async (id, newest) => keepsEventsAfter(await useDatabase(), id, newest),
};

/** The newest todo event's id: a list read after it lacks nothing a `ready` naming it brings (/todos). */
export const newestTodoEvent = () => todoEventLog.newest();

/**
 * The todo changes as `GET /api/v1/todos/events` streams them, `pg_notify` naming the channel.
 * @status 429 This client address holds its maximum of open streams.
 * @status 503 This process holds its maximum of open streams.
 */
export const todoEvents = eventFanOut(todoEventLog, {
  // `todoEvents` of the runtime config: TODO_EVENTS_MAX_STREAMS, …_PER_ADDRESS, …_HEARTBEAT_SECONDS, …_STALL_SECONDS.
  channel: 'todo_events',
  settings: () => useRuntimeConfig()['todoEvents'] as FanOutSettings,
});
