import { useRuntimeConfig } from 'nitropack/runtime';

import type { Account } from '../accounts';
import { parseAdminEmails } from './admin-emails';

let admins: ReadonlySet<string> | undefined;

/** The admins' emails from `ADMIN_EMAILS`, read once (src/server/plugins/admin-emails.ts does it at start). */
export function adminEmails(): ReadonlySet<string> {
  admins ??= parseAdminEmails(useRuntimeConfig()['adminEmails']);
  return admins;
}

/** Whether the account is an admin: its email is one of `ADMIN_EMAILS`. No column, no query. */
export function isAdmin(account: Account): boolean {
  return adminEmails().has(account.email);
}
