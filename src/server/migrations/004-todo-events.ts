import type { Migration } from './migration';

/** How many events the table keeps; a client further behind is told to reload (lib/live/todo-events.ts). */
export const keptTodoEvents = 10_000;

/**
 * The todo change log the live stream reads: triggers append one row per created, updated or
 * deleted todo in the same statement (no write path can forget it, no crash split the two) and drop
 * all but the newest `keptTodoEvents`. PostgreSQL: an advisory lock held until commit makes events
 * commit in id order, and `pg_notify` wakes the listening servers (docs/live-updates.md, "The event log").
 */
export default {
  version: 4,
  name: 'todo-events',
  up: (dialect) =>
    dialect === 'postgresql'
      ? [
          `CREATE TABLE todo_events (
            id BIGSERIAL PRIMARY KEY,
            type TEXT NOT NULL CHECK (type IN ('created', 'updated', 'deleted')),
            data TEXT NOT NULL
          )`,
          `CREATE FUNCTION todo_events_append() RETURNS trigger LANGUAGE plpgsql AS $$
          DECLARE
            event_id BIGINT;
          BEGIN
            PERFORM pg_advisory_xact_lock(20261121);
            IF TG_OP = 'DELETE' THEN
              INSERT INTO todo_events (type, data)
                VALUES ('deleted', json_build_object('id', OLD.id)::text)
                RETURNING id INTO event_id;
            ELSE
              INSERT INTO todo_events (type, data)
                VALUES (
                  CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END,
                  json_build_object('id', NEW.id, 'title', NEW.title, 'done', NEW.done, 'createdAt', NEW.created_at)::text
                )
                RETURNING id INTO event_id;
            END IF;
            DELETE FROM todo_events WHERE id <= event_id - ${keptTodoEvents};
            PERFORM pg_notify('todo_events', event_id::text);
            RETURN NULL;
          END
          $$`,
          `CREATE TRIGGER todo_events_append AFTER INSERT OR UPDATE OR DELETE ON todos
            FOR EACH ROW EXECUTE FUNCTION todo_events_append()`,
        ]
      : [
          `CREATE TABLE todo_events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            type TEXT NOT NULL CHECK (type IN ('created', 'updated', 'deleted')),
            data TEXT NOT NULL
          )`,
          ...(['INSERT', 'UPDATE'] as const).map(
            (
              operation,
            ) => `CREATE TRIGGER todo_events_${operation.toLowerCase()} AFTER ${operation} ON todos BEGIN
              INSERT INTO todo_events (type, data) VALUES (
                '${operation === 'INSERT' ? 'created' : 'updated'}',
                json_object('id', NEW.id, 'title', NEW.title, 'done', json(CASE WHEN NEW.done THEN 'true' ELSE 'false' END), 'createdAt', NEW.created_at)
              );
              DELETE FROM todo_events WHERE id <= last_insert_rowid() - ${keptTodoEvents};
            END`,
          ),
          `CREATE TRIGGER todo_events_delete AFTER DELETE ON todos BEGIN
            INSERT INTO todo_events (type, data) VALUES ('deleted', json_object('id', OLD.id));
            DELETE FROM todo_events WHERE id <= last_insert_rowid() - ${keptTodoEvents};
          END`,
        ],
} satisfies Migration;
