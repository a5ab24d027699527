import { type H3Event, type SessionConfig, clearSession, getCookie, unsealSession, updateSession } from 'h3';
import { LRUCache } from 'lru-cache';
import { useRuntimeConfig } from 'nitropack/runtime';
import { randomBytes } from 'node:crypto';

import { isHttps } from '../../../modules/security/runtime';

/** What the sealed cookie carries: the signed-in user's id, nothing a client may change. */
interface SessionData {
  userId?: number;
}

const cookieName = 'session';
const maxAge = 60 * 60 * 24 * 7;

/**
 * The secret that seals session cookies: `SESSION_SECRET` (runtimeConfig `sessionSecret`), at
 * least 32 characters. Production refuses to run without one; development generates one per
 * start and says so, so sessions end when the dev server restarts.
 */
export function resolveSessionSecret(configured: unknown, dev: boolean): string {
  const secret = String(configured ?? '');
  if (secret.length >= 32) return secret;
  if (!dev) throw new Error('SESSION_SECRET must be set to at least 32 characters in production');
  console.warn(
    '[sessions] SESSION_SECRET is not set: sessions are sealed with a generated secret until restart',
  );
  return randomBytes(32).toString('base64url');
}

let secret: string | undefined;

/** The session secret, resolved once (src/server/plugins/session-secret.ts does it at start). */
export function sessionSecret(): string {
  secret ??= resolveSessionSecret(useRuntimeConfig()['sessionSecret'], Boolean(import.meta.dev));
  return secret;
}

/** h3's sealed-cookie session: HttpOnly, SameSite=Lax, and Secure whenever the request came over HTTPS. */
function sessionConfig(event: H3Event): SessionConfig {
  return {
    name: cookieName,
    password: sessionSecret(),
    maxAge,
    sessionHeader: false,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(event) },
  };
}

/**
 * Starts a new session for `userId`, with a new id: whatever session the request carried is
 * replaced, never promoted (no session fixation). `event.context.sessions` is h3's own typed
 * slot for the request's sessions; `updateSession` seals what it holds into the cookie.
 */
export async function startSession(event: H3Event, userId: number): Promise<void> {
  const data: SessionData = { userId };
  event.context.sessions = { [cookieName]: { id: crypto.randomUUID(), createdAt: Date.now(), data } };
  await updateSession(event, sessionConfig(event));
}

/** Ends the session: the cookie is emptied and expires at once. */
export function endSession(event: H3Event): void {
  const config = sessionConfig(event);
  clearSession(event, { ...config, cookie: { ...config.cookie, maxAge: 0 } });
}

/**
 * Cookies this process has unsealed, by their exact text, and the user id each carries, until the
 * session's expiry. Unsealing is iron's PBKDF2, HMAC and AES-CBC through WebCrypto, about four
 * fifths of a `GET /api/v1/me`; a hit is one map lookup. Only a cookie whose seal verified gets
 * in, so filling it takes real sign-ins, and 10,000 of them are a few megabytes. A cached seal
 * is valid exactly as long as its unsealed twin (sign-out never revoked a copied cookie, see
 * docs/sessions.md), and `requireUser` still reads the account on every request.
 */
const verifiedSeals = new LRUCache<string, number>({ max: 10_000 });

/** Unseals a session cookie and remembers it until it expires; a tampered, foreign or expired one is `undefined`. */
async function unsealUserId(event: H3Event, sealed: string): Promise<number | undefined> {
  const session = await unsealSession(event, sessionConfig(event), sealed).catch(() => undefined);
  const { userId } = (session?.data ?? {}) as SessionData;
  if (typeof userId !== 'number' || !session?.createdAt) return undefined;
  // h3 ends a session `maxAge` after its start; a ttl of 0 would mean "never" to the cache.
  const ttl = session.createdAt + maxAge * 1000 - Date.now();
  if (ttl > 0) verifiedSeals.set(sealed, userId, { ttl });
  return userId;
}

/**
 * The session's user id, or `undefined` without a valid session. A missing, tampered or
 * expired cookie is no session; reading one sets no cookie.
 */
export async function sessionUserId(event: H3Event): Promise<number | undefined> {
  const sealed = getCookie(event, cookieName);
  if (!sealed) return undefined;
  return verifiedSeals.get(sealed) ?? unsealUserId(event, sealed);
}
