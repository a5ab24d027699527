import { defineNitroPlugin, useStorage } from 'nitropack/runtime';
import { join } from 'node:path';
import fsLiteDriver from 'unstorage/drivers/fs-lite';

/**
 * Mounts the `contact` key-value storage: one JSON file per message under `$DATA_DIR/contact`
 * (default `.data/contact`). Users and todos live in SQL instead (`lib/database.ts`).
 */
export default defineNitroPlugin(() => {
  useStorage().mount('contact', fsLiteDriver({ base: join(process.env['DATA_DIR'] ?? '.data', 'contact') }));
});
