import type { Migration } from './migration';

/** Nitro's `cache:` storage (lib/cache/cache-storage.ts): one row per cached answer, shared by every process. */
export default {
  version: 6,
  name: 'cache-entries',
  up: () => ['CREATE TABLE cache_entries (key TEXT PRIMARY KEY, value TEXT NOT NULL)'],
} satisfies Migration;
