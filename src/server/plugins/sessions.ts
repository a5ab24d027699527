import { defineNitroPlugin } from 'nitropack/runtime';

import { purgeSessions, sessionSecret } from '../lib/auth';
import { registerPurge } from '../lib/db';

/**
 * Resolves the session secret when the server starts, so a production server without
 * `SESSION_SECRET` stops at once with one line instead of failing its first sign-in.
 * Prerendering (at build time) signs no one in and needs none. Expired sessions sign no one in
 * either; the housekeeping recipe, if it is there, deletes them.
 */
export default defineNitroPlugin(() => {
  if (import.meta.prerender) return;
  registerPurge('ended and expired sessions', () => purgeSessions());
  try {
    sessionSecret();
  } catch (error) {
    console.error(`[sessions] ${(error as Error).message}`);
    process.exit(1);
  }
});
