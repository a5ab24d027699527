import type { PageServerLoad } from '@analogjs/router';
import { parseCookies, setResponseHeader } from 'h3';

/**
 * The cookies this app sets `HttpOnly`: the session and the device cookie (lib/auth, `__Host-`
 * prefixed over HTTPS) and `products` (the home page's, through `setSafeCookie`). Their values never leave the server: a value in the page or in this
 * loader's JSON is one any script on the origin can read, which is what `HttpOnly` prevents.
 */
const httpOnlyCookies = new Set(['session', '__Host-session', 'device', '__Host-device', 'products']);

/** The most cookies the page lists: a request may carry thousands, and each would cost the render a row. */
const maxListed = 50;

/**
 * Reads the request's cookies on the server, where HttpOnly cookies are visible, and answers the
 * first `maxListed`: their names, with the values of the others, and how many more there are. The
 * answer is this visitor's alone: no cache may keep it.
 */
export const load = async ({ event }: PageServerLoad) => {
  setResponseHeader(event, 'cache-control', 'private, no-store');
  const cookies = Object.entries(parseCookies(event));
  return {
    cookies: cookies
      .slice(0, maxListed)
      .map(([name, value]) => ({ name, value: httpOnlyCookies.has(name) ? null : value })),
    unlisted: Math.max(0, cookies.length - maxListed),
  };
};
