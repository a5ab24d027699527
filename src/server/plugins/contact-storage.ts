import { defineNitroPlugin, useStorage } from 'nitropack/runtime';
import fsLiteDriver from 'unstorage/drivers/fs-lite';

import { dataPath } from '../lib/db';

/**
 * Mounts the `contact` key-value storage: one JSON file per message under `$DATA_DIR/contact`
 * (default `.data/contact`). Users and todos live in SQL instead (`lib/db/database.ts`).
 */
export default defineNitroPlugin(() => {
  useStorage().mount('contact', fsLiteDriver({ base: dataPath('contact') }));
});
