import { useRuntimeConfig } from 'nitropack/runtime';

import type { Account } from '../auth';
import { useDatabase } from '../db';
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

/**
 * The admin emails no account has yet. The app does not verify emails, so whoever signs up first
 * with one of them becomes an admin: src/server/plugins/admin-emails.ts warns about each at start.
 */
export async function unclaimedAdminEmails(): Promise<string[]> {
  if (!adminEmails().size) return [];
  const db = await useDatabase();
  const unclaimed: string[] = [];
  for (const email of adminEmails()) {
    const { rows } = await db.sql<{ rows: unknown[] }>`SELECT id FROM users WHERE email = ${email}`;
    if (!rows.length) unclaimed.push(email);
  }
  return unclaimed;
}
