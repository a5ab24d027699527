import { type H3Event, getRequestProtocol, setCookie } from 'h3';

/**
 * Sets a cookie with safe defaults: `Path=/`, `HttpOnly` (no script can read it),
 * `SameSite=Lax` (not sent on cross-site subrequests), and `Secure` when the request
 * came over HTTPS (directly or through a proxy that sets `X-Forwarded-Proto`).
 */
export function setSafeCookie(event: H3Event, name: string, value: string): void {
  setCookie(event, name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: getRequestProtocol(event, { xForwardedProto: true }) === 'https',
  });
}
