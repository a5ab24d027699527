/** The address `npm start` serves on this machine; used when `SITE_URL` is not set. */
export const defaultSiteUrl = 'http://localhost:3000';

/**
 * The public address of the site, without a trailing slash: the base of every absolute link
 * in the sitemap, the RSS feed and the Open Graph image URLs. Set `SITE_URL` (e.g. `https://shop.example.com`) for the
 * build and the server alike, so the prerendered feed and the live route agree.
 */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  const configured = env['SITE_URL'] || defaultSiteUrl;
  const url = URL.canParse(configured) ? new URL(configured) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new Error(`SITE_URL must be an absolute http(s) URL, got "${configured}"`);
  }
  return url.href.replace(/\/+$/, '');
}
