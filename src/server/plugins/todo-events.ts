import { defineNitroPlugin } from 'nitropack/runtime';

import { registerPurge } from '../lib/db';
import { purgeTodoEvents, todoEvents } from '../lib/live';

declare module 'nitropack/types' {
  interface NitroRuntimeHooks {
    /** Called by the health recipe's drain once the server stops accepting connections (src/server/lib/ops/drain.ts). */
    drain: () => void | Promise<void>;
  }
}

/** A todo written here wakes the streams at once (other processes learn of it from the database). */
export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('todos:changed', todoEvents.announce);
  registerPurge('todo events past the replay window', () => purgeTodoEvents());
  nitroApp.hooks.hook('drain', todoEvents.close);
  nitroApp.hooks.hook('close', todoEvents.close);
});
