import { defineNitroPlugin, useStorage } from 'nitropack/runtime';

import { databaseCacheDriver, forgetTodoSummaries } from '../lib/cache';
import { useDatabase } from '../lib/db';

/**
 * Puts Nitro's `cache:` mount (cached handlers, `swr` route rules) in the SQL database, shared by
 * every process. `vite` (dev) and prerendering mount Nitro's own file cache there first: one
 * process each, so theirs stays. Every todo write drops the cached summaries before it answers.
 */
export default defineNitroPlugin((nitroApp) => {
  const storage = useStorage();
  if (storage.getMount('cache:').base !== 'cache:') storage.mount('cache', databaseCacheDriver(useDatabase));
  nitroApp.hooks.hook('todos:changed', forgetTodoSummaries);
});
