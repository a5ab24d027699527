import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Nitro, NitroConfig } from 'nitropack';
import type { Plugin } from 'vite';

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => entities[entity]);

/**
 * `sitemap` without the `<url>` entries located below `apiBase` (e.g. `https://example.com/api/`),
 * and with the namespace the sitemap protocol defines: `http://www.sitemaps.org/schemas/sitemap/0.9`.
 * Analog 2.7 writes `https://...`, which is a different namespace to an XML parser.
 */
export function keepPages(sitemap: string, apiBase: string): string {
  return sitemap
    .replace('xmlns="https://www.sitemaps.org/', 'xmlns="http://www.sitemaps.org/')
    .replace(/\s*<url>\s*<loc>([^<]*)<\/loc>[\s\S]*?<\/url>/g, (entry, loc: string) =>
      unescapeXml(loc).startsWith(apiBase) ? '' : entry,
    );
}

/**
 * Analog 2.7 writes every prerendered path into `sitemap.xml`, API files such as
 * `/api/rss.xml` included. Search engines want pages only, so once Analog's build is done
 * (a Vite `buildApp` hook with order `post`) this rewrites the sitemap with `keepPages`.
 *
 * Wire both halves: `nitroHooks` into `analog({ nitro: { hooks } })`, where they learn
 * Nitro's public folder for whatever preset is built, and `vitePlugin` into Vite's `plugins`.
 */
export function pagesOnlySitemap({ host, apiPrefix }: { host: string; apiPrefix: string }) {
  let publicDir: string | undefined;
  const nitroHooks: NitroConfig['hooks'] = {
    'build:before': (nitro: Nitro) => {
      publicDir = nitro.options.output.publicDir;
    },
  };
  const vitePlugin: Plugin = {
    name: 'pages-only-sitemap',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler() {
        // Analog writes a sitemap only when it prerendered something.
        const sitemap = publicDir && join(publicDir, 'sitemap.xml');
        if (!sitemap || !existsSync(sitemap)) return;
        await writeFile(sitemap, keepPages(await readFile(sitemap, 'utf8'), `${host}/${apiPrefix}/`));
      },
    },
  };
  return { nitroHooks, vitePlugin };
}
