import {
  type H3Event,
  type SessionConfig,
  clearSession,
  createError,
  setResponseHeader,
  unsealSession,
  updateSession,
} from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';
import { randomBytes } from 'node:crypto';

import { useDatabase } from '../db';
import type { Account } from './accounts';
import { onlyCookie, ownCookieName } from './cookies';
import { isHttps, refuseCrossSiteForm } from '../../../modules/request';

const maxAge = 60 * 60 * 24 * 7;
/** How long a session lasts after it started, in milliseconds: what its cookie's seal is good for. */
export const sessionLifetime = maxAge * 1000;

let secret: string | undefined;

/**
 * The secret that seals session cookies, resolved once (plugins/sessions.ts does it at start):
 * `SESSION_SECRET` (runtimeConfig `sessionSecret`), at least 32 characters. Production refuses to run
 * without one; development generates one per start and says so, so sessions end when it restarts.
 */
export function sessionSecret(): string {
  if (secret) return secret;
  const configured = String(useRuntimeConfig()['sessionSecret'] ?? '');
  if (configured.length >= 32) return (secret = configured);
  if (!import.meta.dev) throw new Error('SESSION_SECRET must be set to at least 32 characters in production');
  console.warn('[sessions] SESSION_SECRET is not set: sessions are sealed with a secret generated at start');
  return (secret = randomBytes(32).toString('base64url'));
}

/** h3's sealed-cookie session: HttpOnly, SameSite=Lax, and over HTTPS Secure and `__Host-session`. */
function sessionConfig(event: H3Event): SessionConfig {
  return {
    name: ownCookieName(event, 'session'),
    password: sessionSecret(),
    maxAge,
    sessionHeader: false,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(event) },
  };
}

/**
 * Starts a new session for `userId` and answers its id: a row in `sessions` under a new random id,
 * sealed in the cookie. The request's old session is replaced, never promoted (no session fixation);
 * `updateSession` seals what h3's typed slot `event.context.sessions` holds.
 */
export async function startSession(event: H3Event, userId: number): Promise<string> {
  const id = crypto.randomUUID();
  const createdAt = Date.now();
  const db = await useDatabase();
  await db.sql`INSERT INTO sessions (id, user_id, created_at, expires_at)
    VALUES (${id}, ${userId}, ${createdAt}, ${createdAt + sessionLifetime})`;
  event.context.sessions = { [ownCookieName(event, 'session')]: { id, createdAt, data: {} } };
  delete event.context['currentSession'];
  event.context['userId'] = userId;
  await updateSession(event, sessionConfig(event));
  return id;
}

/** What a verified session cookie holds: the session's id, and when h3 started it. */
export type SealedSession = { id: string; createdAt: number };

/** Reads a sealed session cookie: its session, or `undefined` for a tampered, foreign or expired one. */
export type Unseal = (event: H3Event, sealed: string) => Promise<SealedSession | undefined>;

/** h3's unseal: iron's key derivation, HMAC and AES-CBC through WebCrypto, on every request. */
let unseal: Unseal = async (event, sealed) => {
  const session = await unsealSession(event, sessionConfig(event), sealed).catch(() => undefined);
  return session?.id && session.createdAt ? { id: session.id, createdAt: session.createdAt } : undefined;
};

/**
 * Replaces how session cookies are read with `tune(h3's unseal)`: the seal-cache recipe's Nitro
 * plugin calls this at start (docs/tuning.md). Without one, every request unseals its cookie.
 */
export function tuneUnseal(tune: (unseal: Unseal) => Unseal): void {
  unseal = tune(unseal);
}

/** The id sealed in the request's one session cookie (`onlyCookie`), or `undefined`. */
async function cookieSessionId(event: H3Event): Promise<string | undefined> {
  const sealed = onlyCookie(event, ownCookieName(event, 'session'));
  return sealed ? (await unseal(event, sealed))?.id : undefined;
}

/** A session that exists on the server, and the account it signs in. */
export type CurrentSession = { id: string; account: Account };

/**
 * The request's session and its account, in one indexed read, or `undefined`: no cookie, a seal
 * that does not verify, or a session that was ended (signed out, everywhere, or by a password
 * change), expired, or whose account is gone. Reading one sets no cookie. Read once per request:
 * the answer is kept in `event.context` until the request starts or ends a session.
 */
export async function currentSession(event: H3Event): Promise<CurrentSession | undefined> {
  if ('currentSession' in event.context) return event.context['currentSession'] as CurrentSession | undefined;
  const session = await readSession(event);
  event.context['currentSession'] = session;
  // Whoever logs the request (the health recipe's request log) names the user from here, with no read of its own.
  event.context['userId'] = session?.account.id;
  return session;
}

async function readSession(event: H3Event): Promise<CurrentSession | undefined> {
  const id = await cookieSessionId(event);
  if (!id) return undefined;
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: Account[] }>`
    SELECT users.id, users.name, users.email FROM sessions JOIN users ON users.id = sessions.user_id
    WHERE sessions.id = ${id} AND sessions.expires_at > ${Date.now()} AND users.email IS NOT NULL`;
  return rows[0] && { id, account: rows[0] };
}

/**
 * The request's session, or a 401 JSON error: the guard of every route that needs one. A form
 * posted from another site gets 403 first: it rides on the victim's cookie (CSRF).
 * @status 401 No valid session.
 */
export async function requireSession(event: H3Event): Promise<CurrentSession> {
  refuseCrossSiteForm(event);
  const session = await currentSession(event);
  if (!session)
    throw createError({ statusCode: 401, statusMessage: 'Unauthorized', message: 'Sign in first' });
  // Whatever this request answers is this user's alone: no shared cache may keep it.
  setResponseHeader(event, 'cache-control', 'private, no-store');
  return session;
}

/**
 * The signed-in account, or a 401 JSON error: the guard of every protected route.
 * @status 401 No valid session.
 */
export async function requireUser(event: H3Event): Promise<Account> {
  return (await requireSession(event)).account;
}

/** Empties the session cookie and expires it at once. */
function clearSessionCookie(event: H3Event): void {
  const config = sessionConfig(event);
  clearSession(event, { ...config, cookie: { ...config.cookie, maxAge: 0 } });
  event.context['currentSession'] = undefined;
  event.context['userId'] = undefined;
}

/** Ends the request's session on the server, so a copy of its cookie stops working too, and clears the cookie. */
export async function endSession(event: H3Event): Promise<void> {
  refuseCrossSiteForm(event);
  const id = await cookieSessionId(event);
  if (id) await (await useDatabase()).sql`DELETE FROM sessions WHERE id = ${id}`;
  clearSessionCookie(event);
}

/** Ends every session of `userId` but `keep` (the one a password change starts), in every process. */
export async function endOtherSessions(userId: number, keep: string): Promise<void> {
  const db = await useDatabase();
  await db.sql`DELETE FROM sessions WHERE user_id = ${userId} AND id <> ${keep}`;
}

/** Signs the request's user out everywhere: every session of theirs ends, this one too. */
export async function endAllSessions(event: H3Event, userId: number): Promise<void> {
  const db = await useDatabase();
  await db.sql`DELETE FROM sessions WHERE user_id = ${userId}`;
  clearSessionCookie(event);
}

/**
 * Deletes the sessions that expired by `now` (an account's deletion takes its sessions with it,
 * see migrations/010-sessions.ts). For the housekeeping task; answers how many rows went.
 */
export async function purgeSessions(now = Date.now()): Promise<number> {
  const db = await useDatabase();
  const { rows } = await db.sql<{ rows: { id: string }[] }>`
    DELETE FROM sessions WHERE expires_at <= ${now} RETURNING id`;
  return rows.length;
}
