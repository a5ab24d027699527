import { defineNitroPlugin } from 'nitropack/runtime';

import { adminEmails } from '../lib/auth/index';

/**
 * Reads `ADMIN_EMAILS` when the server starts, so an entry that is not an email stops it at once
 * with one line instead of failing the first admin request.
 */
export default defineNitroPlugin(() => {
  if (import.meta.prerender) return;
  try {
    adminEmails();
  } catch (error) {
    console.error(`[auth] ${(error as Error).message}`);
    process.exit(1);
  }
});
