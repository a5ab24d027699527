import { type H3Event, setCookie } from 'h3';

import { isHttps } from '../../../modules/request';

/**
 * Sets a cookie with safe defaults: `Path=/`, `HttpOnly` (no script can read it),
 * `SameSite=Lax` (not sent on cross-site subrequests), and `Secure` when the request
 * came over HTTPS (directly, or through a proxy trusted with `TRUST_PROXY`).
 */
export function setSafeCookie(event: H3Event, name: string, value: string): void {
  setCookie(event, name, value, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(event) });
}
