import { defineNitroPlugin, useStorage } from 'nitropack/runtime';

import { databaseCacheDriver } from '../lib/cache';

/**
 * Puts Nitro's `cache:` mount (cached handlers, `swr` route rules) in the SQL database, shared by
 * every process. `vite` (dev) and prerendering mount Nitro's own file cache there first: one
 * process each, so theirs stays.
 */
export default defineNitroPlugin(() => {
  const storage = useStorage();
  if (storage.getMount('cache:').base !== 'cache:') storage.mount('cache', databaseCacheDriver(undefined));
});
