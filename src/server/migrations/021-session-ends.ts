import type { Migration } from './migration';

/**
 * PostgreSQL: every statement that deletes sessions (a sign-out, signing out everywhere, a
 * password change, an account's deletion, the purge) notifies `sessions_ended` once it commits,
 * so each instance closes the chat sockets of sessions that ended (lib/chat), within a second.
 * SQLite needs nothing: its wake-up reads `data_version`, which any commit moves.
 */
export default {
  version: 21,
  name: 'session-ends',
  up: (dialect) =>
    dialect === 'postgresql'
      ? [
          `CREATE FUNCTION sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            PERFORM pg_notify('sessions_ended', '');
            RETURN NULL;
          END
          $$`,
          `CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
            FOR EACH STATEMENT EXECUTE FUNCTION sessions_ended()`,
        ]
      : [],
} satisfies Migration;
