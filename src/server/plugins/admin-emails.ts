import { defineNitroPlugin } from 'nitropack/runtime';

import { adminEmails, startupAdmins } from '../lib/authorization';

/**
 * Reads `ADMIN_EMAILS` when the server starts: an entry that is not an email stops it at once with
 * one line instead of failing the first admin request. The accounts with a listed email are the
 * admins until the next start (`startupAdmins`); a listed email without one is a warning, since
 * its account, once made, is no admin before a restart.
 */
export default defineNitroPlugin(() => {
  if (import.meta.prerender) return;
  try {
    adminEmails();
  } catch (error) {
    console.error(`[auth] ${(error as Error).message}`);
    process.exit(1);
  }
  startupAdmins().then(
    ({ unclaimed }) => {
      for (const email of unclaimed) {
        console.warn(
          `[auth] ADMIN_EMAILS lists ${email}, which has no account: an admin's account must exist when the server starts. Sign it up, then restart.`,
        );
      }
    },
    (error: unknown) =>
      console.warn(`[auth] could not check ADMIN_EMAILS against the accounts: ${String(error)}`),
  );
});
