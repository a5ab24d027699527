import { defineNitroPlugin } from 'nitropack/runtime';

import { sessionSecret } from '../lib/auth';

/**
 * Resolves the session secret when the server starts, so a production server without
 * `SESSION_SECRET` stops at once with one line instead of failing its first sign-in.
 * Prerendering (at build time) signs no one in and needs none.
 */
export default defineNitroPlugin(() => {
  if (import.meta.prerender) return;
  try {
    sessionSecret();
  } catch (error) {
    console.error(`[sessions] ${(error as Error).message}`);
    process.exit(1);
  }
});
