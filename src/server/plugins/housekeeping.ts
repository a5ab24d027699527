import { defineNitroPlugin } from 'nitropack/runtime';

import { housekeepingSettled } from '../lib/housekeeping';

/**
 * A drain lets a housekeeping run in progress finish before the database closes: Nitro calls
 * `close` hooks one after another in the plugins' order, and this file's name sorts before
 * ops.ts, whose hook closes the database. The task itself starts no run once the drain began.
 */
export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('close', housekeepingSettled);
});
