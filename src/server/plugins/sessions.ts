import { defineNitroPlugin } from 'nitropack/runtime';

import { currentSession, purgeSessions, sessionSecret } from '../lib/auth';
import { registerPurge } from '../lib/db';

/**
 * Resolves the session secret when the server starts, so a production server without
 * `SESSION_SECRET` stops at once with one line instead of failing its first sign-in.
 * Prerendering (at build time) signs no one in and needs none. Expired sessions sign no one in
 * either; the housekeeping recipe, if it is there, deletes them. Code that runs before a route's
 * guard (the idempotency middleware) learns the caller's account from the session (`request:caller`).
 */
export default defineNitroPlugin((nitroApp) => {
  if (import.meta.prerender) return;
  nitroApp.hooks.hook('request:caller', async (event) => {
    await currentSession(event);
  });
  registerPurge('ended and expired sessions', () => purgeSessions());
  try {
    sessionSecret();
  } catch (error) {
    console.error(`[sessions] ${(error as Error).message}`);
    process.exit(1);
  }
});
