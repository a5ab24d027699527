import type { Migration } from './migration';

/**
 * Sign-in: an email and a password hash on `users` (the demo users have neither, so they can't
 * sign in). The rate limiter's counters were made here too; they are migration 18's now.
 */
export default {
  version: 3,
  name: 'credentials',
  up: () => [
    'ALTER TABLE users ADD COLUMN email TEXT CHECK (length(email) BETWEEN 3 AND 254)',
    'ALTER TABLE users ADD COLUMN password_hash TEXT',
    // Unique where set: any number of users without an email.
    'CREATE UNIQUE INDEX users_email ON users (email)',
  ],
} satisfies Migration;
