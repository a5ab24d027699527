import { type H3Event, getCookie, getRequestHeader } from 'h3';

import { isHttps } from '../../../modules/request';

/**
 * The name of this app's cookie `name` on this request: `__Host-<name>` over HTTPS, which a
 * browser keeps only when it is `Secure`, `Path=/` and has no `Domain`, so neither a sibling
 * subdomain nor a plain-HTTP page can set or overwrite it; `<name>` over plain HTTP (development,
 * the test servers), where browsers refuse the prefix.
 */
export function ownCookieName(event: H3Event, name: string): string {
  return isHttps(event) ? `__Host-${name}` : name;
}

/**
 * The value of the request's cookie `name`, or `undefined` when it carries none or more than one.
 * Two come from a cookie set for a parent domain or a deeper path beside this app's own (cookie
 * tossing): the server can't tell which one it set, and taking the first would let a page on a
 * sibling domain sign the browser in to an account of its choosing, so it takes neither.
 */
export function onlyCookie(event: H3Event, name: string): string | undefined {
  const names = (getRequestHeader(event, 'cookie') ?? '').split(';').map((pair) => pair.split('=')[0].trim());
  return names.filter((found) => found === name).length === 1 ? getCookie(event, name) : undefined;
}
