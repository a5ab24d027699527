import { defineNitroPlugin } from 'nitropack/runtime';

import { adminEmails, unclaimedAdminEmails } from '../lib/authorization';

/**
 * Reads `ADMIN_EMAILS` when the server starts: an entry that is not an email stops it at once with
 * one line instead of failing the first admin request, and an admin email that no account has yet
 * is a warning, since whoever signs up with it first becomes an admin.
 */
export default defineNitroPlugin(() => {
  if (import.meta.prerender) return;
  try {
    adminEmails();
  } catch (error) {
    console.error(`[auth] ${(error as Error).message}`);
    process.exit(1);
  }
  unclaimedAdminEmails().then(
    (emails) => {
      for (const email of emails) {
        console.warn(
          `[auth] ADMIN_EMAILS lists ${email}, which has no account: whoever signs up with it first is an admin. Sign it up now.`,
        );
      }
    },
    (error: unknown) =>
      console.warn(`[auth] could not check ADMIN_EMAILS against the accounts: ${String(error)}`),
  );
});
