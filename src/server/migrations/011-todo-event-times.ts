import { keptTodoEvents } from './004-todo-events';
import type { Migration } from './migration';

/** The time as ISO 8601 text in UTC to the millisecond, as `new Date().toISOString()` writes it. */
const sqliteNow = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const postgresNow = `to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** 004's SQLite trigger for one change, now also stamping the event's time. */
const sqliteTrigger = (operation: 'INSERT' | 'UPDATE' | 'DELETE') => {
  const [type, data] =
    operation === 'DELETE'
      ? ['deleted', `json_object('id', OLD.id)`]
      : [
          operation === 'INSERT' ? 'created' : 'updated',
          `json_object('id', NEW.id, 'title', NEW.title, 'done', json(CASE WHEN NEW.done THEN 'true' ELSE 'false' END), 'createdAt', NEW.created_at)`,
        ];
  return `CREATE TRIGGER todo_events_${operation.toLowerCase()} AFTER ${operation} ON todos BEGIN
    INSERT INTO todo_events (type, data, created_at) VALUES ('${type}', ${data}, ${sqliteNow});
    DELETE FROM todo_events WHERE id <= last_insert_rowid() - ${keptTodoEvents};
  END`;
};

/**
 * When each event was written, so a stream replays only the last 24 hours and the purge deletes
 * older ones; rows already there count as written now. PostgreSQL fills it from the column's default
 * (taken after 004's lock: times rise with ids); SQLite can add no such default, so its triggers are
 * written again with the time.
 */
export default {
  version: 11,
  name: 'todo-event-times',
  up: (dialect) =>
    dialect === 'postgresql'
      ? [`ALTER TABLE todo_events ADD COLUMN created_at TEXT NOT NULL DEFAULT ${postgresNow}`]
      : [
          `ALTER TABLE todo_events ADD COLUMN created_at TEXT NOT NULL DEFAULT ''`,
          `UPDATE todo_events SET created_at = ${sqliteNow}`,
          ...(['INSERT', 'UPDATE', 'DELETE'] as const).flatMap((operation) => [
            `DROP TRIGGER todo_events_${operation.toLowerCase()}`,
            sqliteTrigger(operation),
          ]),
        ],
} satisfies Migration;
