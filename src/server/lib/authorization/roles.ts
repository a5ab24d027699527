import { useRuntimeConfig } from 'nitropack/runtime';

import type { Account } from '../auth';
import { useDatabase } from '../db';
import { parseAdminEmails } from './admin-emails';

let emails: ReadonlySet<string> | undefined;

/** The admins' emails from `ADMIN_EMAILS`, read once (src/server/plugins/admin-emails.ts does it at start). */
export function adminEmails(): ReadonlySet<string> {
  emails ??= parseAdminEmails(useRuntimeConfig()['adminEmails']);
  return emails;
}

/** The admin accounts, by id, and the listed emails that had no account. */
export interface Admins {
  ids: ReadonlySet<number>;
  unclaimed: string[];
}

let admins: Promise<Admins> | undefined;
let startedAt: number | undefined;

/** The accounts with a listed email that were made before `before`. */
async function readAdmins(before: number): Promise<Admins> {
  if (!adminEmails().size) return { ids: new Set(), unclaimed: [] };
  const db = await useDatabase();
  const ids = new Set<number>();
  const unclaimed: string[] = [];
  for (const email of adminEmails()) {
    const { rows = [] } = await db.sql`
      SELECT id FROM users WHERE email = ${email} AND created_at < ${before}`;
    if (rows[0]) ids.add(Number(rows[0]['id']));
    else unclaimed.push(email);
  }
  return { ids, unclaimed };
}

/**
 * The accounts that had an email of `ADMIN_EMAILS` when this process started: its first call
 * (src/server/plugins/admin-emails.ts, at start) sets that time, and every read counts only the
 * accounts made before it. The app does not verify emails, so an account made later with a listed
 * email is no admin until the next start: nobody can sign up into the role, not while a start's
 * read waits on a busy database, nor after it failed and a request reads again.
 */
export function startupAdmins(): Promise<Admins> {
  startedAt ??= Date.now();
  if (!admins) {
    const read = readAdmins(startedAt);
    admins = read;
    read.catch(() => {
      if (admins === read) admins = undefined;
    });
  }
  return admins;
}

/** Whether the account is an admin: one of `startupAdmins`. No column, no query per request. */
export async function isAdmin(account: Account): Promise<boolean> {
  return (await startupAdmins()).ids.has(account.id);
}
