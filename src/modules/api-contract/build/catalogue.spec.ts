import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { sampleRequests, tryRequest } from '../app/catalogue/route-catalogue';
import {
  catalogueEnd,
  catalogueStart,
  catalogueTable,
  findSpec,
  readHeader,
  readRouteCatalogue,
  routeFromFileName,
} from './route-catalogue';

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
    '%s: line 2 says what its file name serves, and a spec describes exactly that',
    (_file, entry) => {
      expect(endpoint(entry)).toBe(routeFromFileName(entry.kind, entry.file));
      expect(findSpec(root, entry), `a spec with describe('${endpoint(entry)}')`).toBeDefined();
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

describe('readHeader', () => {
  it('splits line 1 into pattern and use, and line 2 into method, URL and example query', () => {
    const text = '/** Validated query: coerces the query. */\n// GET /api/v1/search?q=an\n';
    expect(readHeader('api', 'search.get.ts', text)).toEqual({
      kind: 'api',
      file: 'search.get.ts',
      pattern: 'Validated query',
      when: 'coerces the query.',
      method: 'GET',
      url: '/api/v1/search',
      query: '?q=an',
    });
  });

  it('names the file whose header is malformed', () => {
    expect(() => readHeader('api', 'a.ts', "import { x } from 'h3';\n")).toThrow(/^a\.ts: line 1/);
    expect(() => readHeader('page', 'b.page.ts', '/** A: b */\n// GOT /b\n')).toThrow(/^b\.page\.ts: line 2/);
  });
});

describe('routeFromFileName', () => {
  it.each([
    ['api', 'src/server/routes/api/v1/users/[id].get.ts', 'GET /api/v1/users/:id'],
    ['api', 'src/server/routes/api/v1/products.csv.get.ts', 'GET /api/v1/products.csv'],
    ['api', 'src/server/routes/api/[...].ts', 'ANY /api/**'],
    ['api', 'src/server/routes/api/v1/docs/[...slug].ts', 'ANY /api/v1/docs/**:slug'],
    ['page', 'src/app/pages/(home).page.ts', 'PAGE /'],
    ['page', 'src/app/pages/products/[id].page.ts', 'PAGE /products/:id'],
    ['page', 'src/app/pages/[...not-found].page.ts', 'PAGE /**'],
    ['page', 'src/app/pages/docs.index.page.ts', 'PAGE /docs'],
  ] as const)('%s %s is %s', (kind, file, route) => {
    expect(routeFromFileName(kind, file)).toBe(route);
  });
});
