import { defineNitroPlugin, useStorage } from 'nitropack/runtime';

import { atomicFsDriver } from '../lib/atomic-fs-driver';

/**
 * Mounts the `db` storage that users and todos live in: one file per record under
 * `DATA_DIR` (default `.data/db`), written atomically, so records survive a restart.
 * Point several instances at one Redis instead with `redisDriver` (see README, "Deploy").
 */
export default defineNitroPlugin(() => {
  useStorage().mount('db', atomicFsDriver({ base: process.env['DATA_DIR'] ?? '.data/db' }));
});
