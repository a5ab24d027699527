/**
 * Where to send a user after signing in: `next` when it is a path on this site (`/account`),
 * else `/`. `next` is resolved against the app's own `origin` as a browser would resolve a
 * `Location`, and kept only when it stays on that origin; what comes back is the resolved URL's
 * own `pathname + search + hash`, checked again, because resolving normalises: `/.//evil.example`
 * resolves to the path `//evil.example`, which a browser would read as another host.
 * `//evil.example`, `/\evil.example`, `https://…` and `javascript:` all land on `/`.
 */
export function safeRedirectPath(next: unknown, origin = 'http://this.invalid'): string {
  const base = URL.canParse(origin) ? new URL(origin) : new URL('http://this.invalid');
  if (typeof next !== 'string' || !URL.canParse(next, base)) return '/';
  const url = new URL(next, base);
  if (url.origin !== base.origin) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return /^\/(?![/\\])/.test(path) ? path : '/';
}
