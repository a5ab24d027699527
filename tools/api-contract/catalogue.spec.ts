import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { sampleRequests, tryRequest } from '../../src/app/catalogue/route-catalogue';
import { layout } from './layout';
import { catalogueEnd, catalogueStart, catalogueTable, findSpec } from './readme-table';
import { pageRoute } from '../vite/route-catalogue';
import { readRouteCatalogue } from './rows';

const root = fileURLToPath(new URL('../..', import.meta.url));
const catalogue = readRouteCatalogue(root);
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const endpoint = ({ method, url }: { method: string; url: string }) => `${method} ${url}`;

describe('the route catalogue', () => {
  it('reads every API route and page', () => {
    expect(catalogue.filter(({ kind }) => kind === 'api').length).toBeGreaterThanOrEqual(20);
    expect(catalogue.filter(({ kind }) => kind === 'page').length).toBeGreaterThanOrEqual(9);
  });

  it.each(catalogue.map((entry) => [entry.file, entry] as const))(
    '%s: a spec describes exactly what line 2 says',
    (_file, entry) => {
      expect(findSpec(root, entry), `a spec with describe('${endpoint(entry)}')`).toBeDefined();
    },
  );

  // An API route's line 2 is checked by the build, against the route Nitro scanned.
  it.each(catalogue.filter(({ kind }) => kind === 'page').map((entry) => [entry.file, entry] as const))(
    '%s: line 2 says what its file name serves',
    (_file, entry) => {
      expect(endpoint(entry)).toBe(pageRoute(entry.file, layout.pagesDir));
    },
  );

  it('is the README table, exactly (run `npm run readme` after changing a route file)', () => {
    const generated = `${catalogueStart}\n${catalogueTable(root, catalogue)}\n${catalogueEnd}`;
    const current = readme.slice(
      readme.indexOf(catalogueStart),
      readme.indexOf(catalogueEnd) + catalogueEnd.length,
    );
    expect(current).toBe(generated);
  });

  it('gives every API route a "Try it" request, and has no sample for a route that is gone', () => {
    const api = catalogue.filter(({ kind }) => kind === 'api');
    expect(api.filter((entry) => !tryRequest(entry)).map(endpoint)).toEqual([]);
    const routes = new Set(api.map(endpoint));
    expect(Object.keys(sampleRequests).filter((key) => !routes.has(key))).toEqual([]);
  });

  it('links no file that does not exist', () => {
    const links = [...readme.matchAll(/\]\(((?:src|e2e)\/(?:[^()\s]|\([^)\s]*\))+)\)/g)].map(
      ([, path]) => path,
    );
    expect(links.length).toBeGreaterThan(30);
    expect(links.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});

describe('pageRoute', () => {
  it.each([
    ['src/app/pages/(home).page.ts', 'PAGE /'],
    ['src/app/pages/products/[id].page.ts', 'PAGE /products/:id'],
    ['src/app/pages/[...not-found].page.ts', 'PAGE /**'],
    ['src/app/pages/docs.index.page.ts', 'PAGE /docs'],
  ] as const)('%s is %s', (file, route) => {
    expect(pageRoute(file, 'src/app/pages')).toBe(route);
  });
});
