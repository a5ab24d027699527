import { type H3Event, createError } from 'h3';
import type { z } from 'zod';

import {
  type Account,
  type signInInput,
  type signUpInput,
  createAccount,
  findAccount,
  findCredentials,
} from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { type AttemptPolicy, countAttempt } from './rate-limit';
import { sessionUserId, startSession } from './sessions';

/** 5 failed sign-ins per 15 minutes, per client address and per email. */
export const signInPolicy: AttemptPolicy = { name: 'sign-in', limit: 5, windowSeconds: 15 * 60 };
/** 5 failed sign-ups (an email that has an account) per 15 minutes, per client address and per email. */
export const signUpPolicy: AttemptPolicy = { name: 'sign-up', limit: 5, windowSeconds: 15 * 60 };

/** Creates an account and signs it in; a taken email is a 409 that counts against the limit. */
export async function signUp(event: H3Event, input: z.output<typeof signUpInput>): Promise<Account> {
  const refund = await countAttempt(event, signUpPolicy, input.email);
  const account = await createAccount(input, await hashPassword(input.password));
  await refund();
  await startSession(event, account.id);
  return account;
}

/**
 * Checks the credentials and starts a new session. An unknown email and a wrong password
 * answer the same 401 after the same work (a hash either way), so neither reveals an account.
 */
export async function signIn(
  event: H3Event,
  { email, password }: z.output<typeof signInInput>,
): Promise<Account> {
  const refund = await countAttempt(event, signInPolicy, email);
  const found = await findCredentials(email);
  const valid = await verifyPassword(password, found?.passwordHash);
  if (!found || !valid) {
    throw createError({
      statusCode: 401,
      statusMessage: 'Unauthorized',
      message: 'Email or password is wrong',
    });
  }
  await refund();
  await startSession(event, found.id);
  return { id: found.id, name: found.name, email: found.email };
}

/** The signed-in account, or a 401 JSON error: the guard of every protected route. */
export async function requireUser(event: H3Event): Promise<Account> {
  const userId = await sessionUserId(event);
  const account = userId === undefined ? undefined : await findAccount(userId);
  if (!account)
    throw createError({ statusCode: 401, statusMessage: 'Unauthorized', message: 'Sign in first' });
  return account;
}
