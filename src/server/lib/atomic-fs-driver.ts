import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { defineDriver } from 'unstorage';
import fsLiteDriver from 'unstorage/drivers/fs-lite';

const partial = '.partial';

/**
 * unstorage's `fs-lite` driver with atomic writes. `fs-lite` rewrites a file in place, so a
 * read racing a write of the same key can see it half written (a concurrent GET of a user
 * being renamed would read nothing). Here every write goes to a temporary file that is then
 * renamed over the record, which readers see either whole before or whole after.
 */
export const atomicFsDriver = defineDriver((options: { base: string }) => {
  const base = resolve(options.base);
  const inner = fsLiteDriver({ base, ignore: (path) => path.endsWith(partial) });
  const folders = new Map<string, Promise<unknown>>();
  /** Creates each folder once per process instead of once per write. */
  const ensureFolder = (folder: string) => {
    if (!folders.has(folder)) {
      const made = mkdir(folder, { recursive: true });
      folders.set(folder, made);
      made.catch(() => folders.delete(folder));
    }
    return folders.get(folder);
  };
  return {
    ...inner,
    name: 'atomic-fs',
    options,
    async setItem(key: string, value: string) {
      if (key.split(':').includes('..')) throw new Error(`Invalid storage key: ${key}`);
      const target = join(base, key.replaceAll(':', '/'));
      const temporary = join(base, partial, randomUUID());
      await Promise.all([ensureFolder(dirname(target)), ensureFolder(dirname(temporary))]);
      await writeFile(temporary, value, 'utf8');
      await rename(temporary, target);
    },
  };
});
