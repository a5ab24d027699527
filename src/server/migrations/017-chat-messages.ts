import type { Migration } from './migration';

/**
 * The chat's messages (`/ws/chat`, lib/chat): one row per message, its id the order every peer
 * sees them in, the sender's display name as it was when they wrote it, and the server's time as
 * ISO text. `purgeChatMessages` keeps the newest ones only.
 *
 * PostgreSQL: a `BIGSERIAL` is handed out before commit, so two instances writing at once could
 * commit 6 before 5, and a reader that has seen 6 would never deliver 5. The trigger takes an
 * advisory lock held until commit and only then draws the id, so ids commit in order; its
 * `pg_notify` wakes every listening instance once the message commits. SQLite commits one
 * writer at a time already.
 */
export default {
  version: 17,
  name: 'chat-messages',
  up: (dialect) =>
    dialect === 'postgresql'
      ? [
          `CREATE TABLE chat_messages (
            id BIGSERIAL PRIMARY KEY,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            text TEXT NOT NULL,
            created_at TEXT NOT NULL
          )`,
          `CREATE FUNCTION chat_messages_order() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            PERFORM pg_advisory_xact_lock(20261125);
            NEW.id := nextval(pg_get_serial_sequence('chat_messages', 'id'));
            PERFORM pg_notify('chat_messages', NEW.id::text);
            RETURN NEW;
          END
          $$`,
          `CREATE TRIGGER chat_messages_order BEFORE INSERT ON chat_messages
            FOR EACH ROW EXECUTE FUNCTION chat_messages_order()`,
        ]
      : [
          `CREATE TABLE chat_messages (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            text TEXT NOT NULL,
            created_at TEXT NOT NULL
          )`,
        ],
} satisfies Migration;
