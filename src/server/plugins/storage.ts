import { defineNitroPlugin, useStorage } from 'nitropack/runtime';
import fsLiteDriver from 'unstorage/drivers/fs-lite';

/**
 * Mounts the `db` storage that users and todos live in: one file per record under
 * `DATA_DIR` (default `.data/db`), so records survive a restart. Point several
 * instances at one Redis instead with `redisDriver` (see README, "Deploy").
 */
export default defineNitroPlugin(() => {
  useStorage().mount('db', fsLiteDriver({ base: process.env['DATA_DIR'] ?? '.data/db' }));
});
