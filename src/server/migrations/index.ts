import type { Migration } from './migration';
import users from './001-users';
import todos from './002-todos';
import credentials from './003-credentials';
import todoEvents from './004-todo-events';
import todosVersion from './005-todos-version';
import cacheEntries from './006-cache-entries';
import reviews from './007-reviews';
import files from './008-files';
import sessions from './010-sessions';
import todoEventTimes from './011-todo-event-times';
import fileOwners from './012-file-owners';
import taskLeases from './013-task-leases';
import webhookEvents from './014-webhook-events';
import idempotencyKeys from './015-idempotency-keys';
import cacheTombstones from './016-cache-tombstones';
import chatMessages from './017-chat-messages';

/** Every migration, oldest first. A new one is a new file with the next version, listed here. */
export const migrations: readonly Migration[] = [
  users,
  todos,
  credentials,
  todoEvents,
  todosVersion,
  cacheEntries,
  reviews,
  files,
  sessions,
  todoEventTimes,
  fileOwners,
  taskLeases,
  webhookEvents,
  idempotencyKeys,
  cacheTombstones,
  chatMessages,
];
