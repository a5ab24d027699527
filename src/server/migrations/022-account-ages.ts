import type { Dialect, Migration } from './migration';

/** Epoch milliseconds pass 2³¹: PostgreSQL's INTEGER is 32-bit, SQLite's grows to 64 by itself. */
const epochMs: Record<Dialect, string> = { sqlite: 'INTEGER', postgresql: 'BIGINT' };

/**
 * When each account was made, in epoch milliseconds (`createAccount` sets it): `ADMIN_EMAILS`
 * makes admins only of accounts made before the process started (lib/authorization/roles.ts).
 * The users that exist now get 0; a row inserted without it stays NULL, which is never older.
 */
export default {
  version: 22,
  name: 'account-ages',
  up: (dialect) => [
    `ALTER TABLE users ADD COLUMN created_at ${epochMs[dialect]}`,
    'UPDATE users SET created_at = 0',
  ],
} satisfies Migration;
