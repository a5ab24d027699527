import type { PageServerLoad } from '@analogjs/router';
import { parseCookies } from 'h3';

/** Reads the request's cookies on the server, where HttpOnly cookies are visible. */
export const load = async ({ event }: PageServerLoad) => {
  const cookies = parseCookies(event);
  return { cookies: Object.entries(cookies).map(([name, value]) => ({ name, value })) };
};
