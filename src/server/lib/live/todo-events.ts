import type { Database } from 'db0';
import { useRuntimeConfig } from 'nitropack/runtime';

import { useDatabase } from '../db';
import { type EventLog, type FanOutSettings, type LoggedEvent, eventFanOut } from './fan-out';

/**
 * The oldest event time a reconnecting client is replayed from, as the ISO text `created_at` holds:
 * 24 hours ago (and only the newest 10,000 events are kept: 004's `keptTodoEvents`). Further behind,
 * it gets `reset`; `purgeTodoEvents` deletes the older events, and no resume starts before them meanwhile.
 */
export const windowStart = (now: Date) => new Date(now.getTime() - 24 * 3_600_000).toISOString();

/**
 * True when `todo_events` still holds every event after `after`, up to `newest` (the newest id the
 * caller has seen): none was deleted, and the first is inside the window. Two primary-key lookups.
 */
export async function keepsEventsAfter(db: Database, after: number, newest: number, now = new Date()) {
  const { rows = [] } = await db.sql`SELECT
    (SELECT MIN(id) FROM todo_events) AS oldest,
    (SELECT created_at FROM todo_events WHERE id > ${after} ORDER BY id LIMIT 1) AS next_at`;
  const { oldest, next_at: nextAt } = rows[0] ?? {};
  // None left after it: fine only if none was ever written after it.
  if (nextAt == null) return after >= newest;
  return Number(oldest) <= after + 1 && String(nextAt) >= windowStart(now);
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

/**
 * The id of the newest todo event: a list read after it holds every change up to it, so a stream
 * whose `ready` names this id brought nothing the list lacks (the /todos page's loader).
 */
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
