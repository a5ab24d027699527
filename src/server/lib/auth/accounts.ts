import { createError } from 'h3';
import { z } from 'zod';

import { databaseHttpError, useDatabase } from '../db';
import { accountMessages } from '../../../shared/account-messages';

const noNul = [/^[^\0]*$/, accountMessages['nul-character']] as const;

/** An email as accounts store it: trimmed and lower-cased, so one address is one account. */
export const accountEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(accountMessages['email-invalid']).max(254, accountMessages['email-invalid']));

/** The name a user shows, like every user's name: 1 to 100 characters. */
export const displayName = z
  .string()
  .trim()
  .min(1, accountMessages['name-missing'])
  .max(100, accountMessages['name-long'])
  .regex(...noNul);

/**
 * A new password: 8 to 128 characters. The cap comes before hashing, so a megabyte of password
 * is a 422, not seconds of CPU.
 */
export const newPassword = z
  .string()
  .min(8, accountMessages['password-short'])
  .max(128, accountMessages['password-long'])
  .regex(...noNul);

/** A password as typed to prove who you are: only the cap, since the rules for new ones may change. */
export const currentPassword = z
  .string()
  .min(1, accountMessages['password-missing'])
  .max(128, accountMessages['password-long']);

export const signUpInput = z.object({ email: accountEmail, name: displayName, password: newPassword });
export const signInInput = z.object({ email: accountEmail, password: currentPassword });

/** A user who can sign in, as the API answers with it: never the password hash. */
export const accountOutput = z.object({ id: z.number().int(), name: z.string(), email: z.email() });
export type Account = z.infer<typeof accountOutput>;

/** Stores a user with credentials and the time it was made in one statement; a taken email is a 409. */
export async function createAccount(
  { email, name }: { email: string; name: string },
  passwordHash: string,
): Promise<Account> {
  const db = await useDatabase();
  try {
    const { rows } = await db.sql<{ rows: Account[] }>`
      INSERT INTO users (name, email, password_hash, created_at)
      VALUES (${name}, ${email}, ${passwordHash}, ${Date.now()}) RETURNING id, name, email`;
    return rows[0];
  } catch (error) {
    if (databaseHttpError(error)?.statusCode !== 409) throw error;
    const message = accountMessages['email-taken'];
    throw createError({ statusCode: 409, statusMessage: 'Conflict', message });
  }
}

type Credentials = Account & { passwordHash: string };

/** The account with this email and its password hash, or `undefined`. */
export async function findCredentials(email: string): Promise<Credentials | undefined> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: Credentials[] }>`
    SELECT id, name, email, password_hash AS "passwordHash" FROM users WHERE email = ${email}`;
  return rows[0];
}
