import { type H3Event, createError } from 'h3';
import { z } from 'zod';

import {
  type Account,
  type CurrentSession,
  accountMessages,
  currentPassword,
  endOtherSessions,
  fifteenMinutes,
  hashPassword,
  newPassword,
  startSession,
  verifyPassword,
} from '../auth';
import { useDatabase } from '../db';
import { type AttemptPolicy, takeAttempt } from '../rate-limit';

/** A password change: the current password, checked, and a new one under the rules for new passwords. */
export const passwordChangeInput = z.object({ currentPassword, newPassword });

/** Changes an account's display name in one statement and answers it; a 404 if it is gone. */
export async function renameAccount(id: number, name: string): Promise<Account> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: Account[] }>`
    UPDATE users SET name = ${name} WHERE id = ${id} AND email IS NOT NULL RETURNING id, name, email`;
  if (rows[0]) return rows[0];
  throw createError({ statusCode: 404, statusMessage: 'Not Found', message: 'Account not found' });
}

/** 5 wrong current passwords per 15 minutes per account, on the password change. */
export const passwordChangePolicy: AttemptPolicy = {
  name: 'password-change',
  limit: 5,
  windowSeconds: fifteenMinutes,
};

/**
 * Changes the signed-in user's password: the current one must match (403 otherwise, counted
 * against `passwordChangePolicy`), the new one is hashed, and every session of the account ends,
 * in every process; the browser that asked stays signed in under a new session and cookie.
 * @status 403 The current password is wrong.
 * @status 429 Too many wrong current passwords for this account.
 */
export async function changePassword(
  event: H3Event,
  session: CurrentSession,
  input: z.output<typeof passwordChangeInput>,
): Promise<void> {
  const { id } = session.account;
  const attempt = await takeAttempt(event, [{ policy: passwordChangePolicy, key: `account:${id}` }]);
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: { hash: string }[] }>`
    SELECT password_hash AS hash FROM users WHERE id = ${id} AND email IS NOT NULL`;
  if (!(await verifyPassword(input.currentPassword, rows[0]?.hash))) {
    throw createError({
      statusCode: 403,
      statusMessage: 'Forbidden',
      message: accountMessages['wrong-password'],
    });
  }
  await attempt.refund();
  const hash = await hashPassword(input.newPassword);
  await db.sql`UPDATE users SET password_hash = ${hash} WHERE id = ${id} AND email IS NOT NULL`;
  // A new session id for this browser too: a copy of the cookie the change came with stops working.
  await endOtherSessions(id, await startSession(event, id));
}
