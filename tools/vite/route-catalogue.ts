import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

import type { CatalogueEntry } from '../../src/app/catalogue/route-catalogue.ts';
import { readHeader } from '../../src/modules/api-contract/index.ts';

/**
 * Every page's header in `pagesDir` (from `root`: Analog's router serves the pages, so they are
 * read here, not from Nitro's scan), sorted by file.
 */
export function readPages(root: string, pagesDir: string): CatalogueEntry[] {
  return readdirSync(join(root, pagesDir), { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.page.ts'))
    .sort()
    .map((file) => ({
      kind: 'page' as const,
      file: `${pagesDir}/${file}`,
      ...readHeader(`${pagesDir}/${file}`, readFileSync(join(root, pagesDir, file), 'utf8')),
    }));
}

/** `PAGE /url` as a page's file name in `pagesDir` makes it under Analog's rules: what its line 2 must say. */
export function pageRoute(file: string, pagesDir: string): string {
  const segments = file
    .slice(pagesDir.length + 1)
    .replace(/\.page\.ts$/, '')
    .split('/')
    // A dot also separates segments (`docs.index.page.ts`), except inside brackets (`[...slug]`).
    .flatMap((segment) => segment.match(/\[[^\]]*\]|[^.]+/g) ?? [])
    .filter((segment) => segment !== 'index' && !/^\(.*\)$/.test(segment))
    .map((segment) => segment.replace(/^\[\.\.\.\w[\w-]*\]$/, '**').replace(/^\[(\w+)\]$/, ':$1'));
  return `PAGE /${segments.join('/')}`;
}

const virtualId = 'virtual:route-catalogue';

/** What `routeCataloguePlugin` takes: the project root, the api-contract module's `catalogue` and the pages' folder. */
export interface RouteCatalogueOptions {
  root: string;
  catalogue: string;
  pagesDir: string;
}

/**
 * Serves `virtual:route-catalogue` to the app: the `/routes` page is built from the same rows as
 * the README table. The API rows come from `catalogue`, which the Nitro module rewrites on every
 * build and dev reload; in `npm run dev` a changed page reloads the pages.
 */
export function routeCataloguePlugin({ root, catalogue, pagesDir }: RouteCatalogueOptions): Plugin {
  const resolved = `\0${virtualId}`;
  const dir = join(root, pagesDir);
  return {
    name: 'route-catalogue',
    resolveId: (id) => (id === virtualId ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      this.addWatchFile(dir);
      return [
        `import { apiCatalogue } from ${JSON.stringify(catalogue)};`,
        `export const routeCatalogue = [...apiCatalogue, ...${JSON.stringify(readPages(root, pagesDir))}];`,
      ].join('\n');
    },
    configureServer(server) {
      server.watcher.on('all', (_event, path) => {
        if (!path.startsWith(dir)) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(resolved);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
      });
    },
  };
}
