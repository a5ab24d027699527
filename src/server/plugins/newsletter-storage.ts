import { defineNitroPlugin, useStorage } from 'nitropack/runtime';
import fsLiteDriver from 'unstorage/drivers/fs-lite';

import { dataPath } from '../lib/db';

/**
 * Mounts the `newsletter` storage: one file per subscriber under `DATA_DIR/newsletter`
 * (default `.data/newsletter`), so sign-ups survive a restart.
 */
export default defineNitroPlugin(() => {
  useStorage().mount('newsletter', fsLiteDriver({ base: dataPath('newsletter') }));
});
