import type { Migration } from './migration';

/**
 * When each cache entry was last removed (epoch ms), kept as a tombstone row (lib/cache/cache-storage.ts):
 * an answer computed before the removal and written after it is refused instead of undoing it.
 */
export default {
  version: 16,
  name: 'cache-tombstones',
  up: (dialect) => [
    `ALTER TABLE cache_entries ADD COLUMN removed_at ${dialect === 'postgresql' ? 'BIGINT' : 'INTEGER'}`,
  ],
} satisfies Migration;
