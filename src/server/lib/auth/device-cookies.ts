import { type H3Event, setCookie } from 'h3';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { onlyCookie, ownCookieName } from './cookies';
import { isHttps } from '../../../modules/request';
import { sessionSecret } from './sessions';

/** How long a browser stays known to an account after its last sign-in there: 180 days. */
const maxAge = 60 * 60 * 24 * 180;

/** The signature of a device cookie: an HMAC under the session secret, labelled so no other value of it signs alike. */
const signature = (email: string, expires: string, nonce: string): Buffer =>
  createHmac('sha256', sessionSecret()).update(`device cookie\n${email}\n${expires}\n${nonce}`).digest();

/**
 * Marks this browser as one that signed in to the account of `email`: OWASP's device cookie
 * (Authentication Cheat Sheet, "Account Lockout"), `<expiry>.<nonce>.<HMAC>`, HttpOnly,
 * SameSite=Lax, and over HTTPS Secure and `__Host-device`. Each sign-in there renews it.
 */
export function setDeviceCookie(event: H3Event, email: string): void {
  const expires = String(Math.floor(Date.now() / 1000) + maxAge);
  const nonce = randomBytes(16).toString('base64url');
  const value = `${expires}.${nonce}.${signature(email, expires, nonce).toString('base64url')}`;
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(event), maxAge } as const;
  setCookie(event, ownCookieName(event, 'device'), value, options);
}

/**
 * The device (its cookie's nonce) when the request carries a device cookie this server signed
 * for `email` that has not expired, else `undefined`: none, another account's, forged, or two.
 */
export function knownDevice(event: H3Event, email: string): string | undefined {
  const [expires = '', nonce = '', signed = ''] = (
    onlyCookie(event, ownCookieName(event, 'device')) ?? ''
  ).split('.');
  if (!nonce || !(Number(expires) > Date.now() / 1000)) return undefined;
  const expected = signature(email, expires, nonce);
  const actual = Buffer.from(signed, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : undefined;
}
