import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { NestedHooks } from 'hookable';
import type { Nitro, NitroHooks } from 'nitropack';

import { escapeXml } from '../../src/server/lib/feeds/xml.ts';

/** A sitemap (namespace `http://www.sitemaps.org/schemas/sitemap/0.9`) of `paths` as absolute URLs on `host`. */
export function sitemapXml(host: string, paths: readonly string[]): string {
  const base = host.replace(/\/+$/, '');
  const urls = paths.map((path) => `  <url>\n    <loc>${escapeXml(`${base}${path}`)}</loc>\n  </url>\n`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/**
 * Writes `sitemap.xml` with the prerendered HTML pages only (no API files such as `/api/rss.xml`),
 * when prerendering is done and BEFORE Nitro builds the server. Nitro lists the public folder
 * while it builds, so `npm start` then serves the file like any other static file. Analog 2.7's
 * own `prerender.sitemap` writes it after that build: only static hosts would serve it.
 *
 * Pass the result as `analog({ nitro: { hooks } })`.
 */
export function pagesOnlySitemap({ host }: { host: string }): NestedHooks<NitroHooks> {
  let publicDir: string | undefined;
  return {
    // The build's own Nitro (not the prerenderer's) passes itself here: its public folder is the output.
    'prerender:generate': (_route: unknown, nitro: Nitro) => {
      publicDir = nitro.options.output.publicDir;
    },
    'prerender:done': async ({ prerenderedRoutes }) => {
      const pages = prerenderedRoutes
        .filter(({ contentType }) => contentType?.startsWith('text/html'))
        .map(({ route }) => route)
        .sort();
      if (!publicDir || !pages.length) return;
      await writeFile(join(publicDir, 'sitemap.xml'), sitemapXml(host, pages));
    },
  };
}
