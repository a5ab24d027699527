import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Analog 2.7 writes every prerendered path into `sitemap.xml`, API files such as
 * `/api/rss.xml` included. Search engines want pages only, so once Analog's build is
 * done this drops each `<url>` whose location is under `apiPrefix`.
 */
export function pagesOnlySitemap(options: { sitemap: string; apiPrefix: string }): Plugin {
  return {
    name: 'pages-only-sitemap',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler() {
        if (!existsSync(options.sitemap)) return;
        const xml = readFileSync(options.sitemap, 'utf8');
        const apiPath = new RegExp(`<loc>[^<]*?://[^/<]+/${options.apiPrefix}/[^<]*</loc>`);
        const pagesOnly = xml.replace(/\s*<url>[\s\S]*?<\/url>/g, (url) => (apiPath.test(url) ? '' : url));
        writeFileSync(options.sitemap, pagesOnly);
      },
    },
  };
}
