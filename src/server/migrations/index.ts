import type { Migration } from './migration';
import users from './001-users';
import todos from './002-todos';

/** Every migration, oldest first. A new one is a new file with the next version, listed here. */
export const migrations: readonly Migration[] = [users, todos];
