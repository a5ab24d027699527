import { defineNitroPlugin } from 'nitropack/runtime';

import { closeDatabase } from '../lib/db';

/** The last step of a drain (src/server/lib/ops/drain.ts): no request is left to use the database. */
export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('close', closeDatabase);
});
