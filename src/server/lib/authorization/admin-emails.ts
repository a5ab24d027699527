import { z } from 'zod';

/** An email as `accountEmail` (lib/auth/accounts.ts) stores it: trimmed and lower-cased. */
const email = z.string().trim().toLowerCase().pipe(z.email());

/**
 * `ADMIN_EMAILS` (runtimeConfig `adminEmails`), comma-separated, as the set of emails whose
 * accounts are admins: each is trimmed and lower-cased like account emails, so `Ada@Example.com `
 * names the account `ada@example.com`. An entry that is not an email throws, naming it: a typo
 * must not silently leave the app without its admin.
 */
export function parseAdminEmails(configured: unknown): ReadonlySet<string> {
  const entries = String(configured ?? '')
    .split(',')
    .filter((entry) => entry.trim());
  return new Set(
    entries.map((entry) => {
      const parsed = email.safeParse(entry);
      if (!parsed.success) throw new Error(`ADMIN_EMAILS: ${JSON.stringify(entry.trim())} is not an email`);
      return parsed.data;
    }),
  );
}
