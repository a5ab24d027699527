import { join } from 'node:path';
import { defineNitroPlugin, useStorage } from 'nitropack/runtime';
import fsLiteDriver from 'unstorage/drivers/fs-lite';

/**
 * Mounts the `newsletter` storage: one file per subscriber under `DATA_DIR/newsletter`
 * (default `.data/newsletter`), so sign-ups survive a restart.
 */
export default defineNitroPlugin(() => {
  const base = join(process.env['DATA_DIR'] ?? '.data', 'newsletter');
  useStorage().mount('newsletter', fsLiteDriver({ base }));
});
