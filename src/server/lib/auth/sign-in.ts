import { type H3Event, createError, setResponseHeader } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';
import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';

import { type Account, type signInInput, type signUpInput, createAccount, findCredentials } from './accounts';
import { accountMessages } from '../../../shared/account-messages';
import { hashPassword, verifyPassword } from './passwords';
import { type AttemptPolicy, countOnly, takeAttempt } from '../rate-limit';
import { knownDevice, setDeviceCookie } from './device-cookies';
import { startSession } from './sessions';
import { addressCallerKey, budget, refuseCrossSiteForm } from '../../../modules/request';

/** The window of the sign-in limits (and of the account recipe's password-change limit). */
export const fifteenMinutes = 15 * 60;

const per15Min = (name: string, limit: number) => ({ name, limit, windowSeconds: fifteenMinutes });
/** 20 failed sign-ins per 15 minutes from one address, whatever the accounts (password spraying). */
const signInAddressPolicy = per15Min('sign-in', 20);
/** 5 failed sign-ins per 15 minutes for one account from one address (guessing one password). */
const signInPairPolicy = per15Min('sign-in-pair', 5);
/**
 * 5 failed sign-ins per 15 minutes from one browser that signed in to the account before (its
 * device cookie): such a sign-in is counted here instead of on the account's counter below.
 */
const signInDevicePolicy = per15Min('sign-in-device', 5);
/** An account's failed sign-ins from browsers it doesn't know, counted, never refused: they slow it down. */
const signInAccountPolicy = per15Min('sign-in-account', countOnly);

const maxDelayMs = 8_000;

/**
 * How long a sign-in to an account with `failures` recent failures (from any address) waits
 * before its password is checked: nothing for the first 5, then 0.5 s, doubling to 8 s. Every
 * attempt without the account's device cookie waits, a right password too, so the wait slows a
 * guesser spread over many addresses and can't be skipped by hanging up early.
 */
export function accountDelayMs(failures: number): number {
  return failures < 5 ? 0 : Math.min(500 * 2 ** (failures - 5), maxDelayMs);
}

/**
 * Slowed-down sign-ins to one account that a process runs at once, a pool of the budget keyed by
 * the account: past 4, 429 at once. Their hashes would otherwise all start when their waits end,
 * in front of the next one's, so each address an attacker added would make a sign-in wait longer;
 * this way one without the device cookie waits at most 8 s and one hash (docs/sessions.md).
 */
const slowedSignIns = budget(() => ({ what: 'slowed sign-ins', total: Infinity, perCaller: 4 }));

/** 5 failed sign-ups (an email that has an account) per 15 minutes, per client address and per email. */
const signUpPolicy = per15Min('sign-up', 5);

/** New accounts per address per hour: `SIGN_UPS_PER_HOUR` (runtimeConfig `signUpsPerHour`), default 10. */
const createdAccountsPolicy = (): AttemptPolicy => ({
  name: 'sign-up-created',
  limit: Number(useRuntimeConfig()['signUpsPerHour'] ?? 10),
  windowSeconds: 60 * 60,
});

/**
 * Creates an account and signs it in. A taken email is a 409 that counts against the failure
 * limit; a new account counts against its address's hourly allowance of new accounts.
 * @status 409 The email has an account already.
 * @status 429 Too many new accounts or taken emails from this address, or attempts on this email.
 */
export async function signUp(event: H3Event, input: z.output<typeof signUpInput>): Promise<Account> {
  refuseCrossSiteForm(event);
  const created = createdAccountsPolicy();
  const address = addressCallerKey(event);
  const attempt = await takeAttempt(event, [
    { policy: signUpPolicy, key: address },
    { policy: signUpPolicy, key: `account:${input.email}` },
    { policy: created, key: address },
  ]);
  const hash = await hashPassword(input.password);
  const account = await createAccount(input, hash).catch(async (error: unknown) => {
    await attempt.refund(created);
    throw error;
  });
  await attempt.refund(signUpPolicy);
  await startSession(event, account.id);
  setDeviceCookie(event, account.email);
  return account;
}

/**
 * Checks the credentials and starts a new session. Limits, per OWASP's advice against lockout:
 * an address and an (account, address) pair are refused with 429 past their limits, an account
 * is only slowed down (`accountDelayMs`), so an attacker can't lock its owner out, and attempts
 * that were refused count nowhere. A browser that signed in to the account before (its device
 * cookie) skips the account's slowdown and is limited on its own instead, so the owner's browser
 * gets in at once however many addresses guess. An unknown email and a wrong password answer the
 * same 401 after the same work (a hash either way), so neither reveals an account.
 * @status 401 Wrong email or password (the same answer for both).
 * @status 429 Too many failed attempts from this address, or for this account from this address, or too many
 *   slowed attempts on this account at once.
 */
export async function signIn(
  event: H3Event,
  { email, password }: z.output<typeof signInInput>,
): Promise<Account> {
  // Another site must not sign its visitors in to an account it controls (login CSRF).
  refuseCrossSiteForm(event);
  const address = addressCallerKey(event);
  const device = knownDevice(event, email);
  const attempt = await takeAttempt(event, [
    { policy: signInAddressPolicy, key: address },
    { policy: signInPairPolicy, key: `account:${email}:${address}` },
    device
      ? { policy: signInDevicePolicy, key: `device:${device}` }
      : { policy: signInAccountPolicy, key: `account:${email}` },
  ]);
  const delay = device ? 0 : accountDelayMs(attempt.hits[2] - 1);
  const release = delay ? slowedSignIns.tryHold(`account:${email}`) : () => undefined;
  if (!release) {
    await attempt.refund();
    setResponseHeader(event, 'retry-after', maxDelayMs / 1000);
    const message = `Too many attempts; try again in ${maxDelayMs / 1000} seconds`;
    throw createError({ statusCode: 429, statusMessage: 'Too Many Requests', message });
  }
  const checked = sleep(delay).then(async () => {
    const found = await findCredentials(email);
    return { found, valid: await verifyPassword(password, found?.passwordHash) };
  });
  const { found, valid } = await checked.finally(release);
  if (!found || !valid) {
    const message = accountMessages['wrong-credentials'];
    throw createError({ statusCode: 401, statusMessage: 'Unauthorized', message });
  }
  await attempt.refund();
  await startSession(event, found.id);
  setDeviceCookie(event, found.email);
  return { id: found.id, name: found.name, email: found.email };
}
