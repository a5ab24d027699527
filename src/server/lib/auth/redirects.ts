/**
 * Where to send a user after signing in: `next` when it is a path on this site (`/account`),
 * else `/`. `//evil.example`, `/\evil.example`, `https://…` and `javascript:` all resolve to
 * another origin (or none), so they land on `/`: no open redirect.
 */
export function safeRedirectPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/')) return '/';
  const base = 'http://this.invalid';
  const url = URL.canParse(next, base) ? new URL(next, base) : undefined;
  return url?.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
}
