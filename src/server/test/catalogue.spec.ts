import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { root } from '../../../e2e/support/build';

const routesDir = join(root, 'src/server/routes/api');
const testDir = join(root, 'src/server/test');

const methodSuffix = /\.(get|head|post|put|patch|delete|options|connect|trace)$/;

/** `v1/users/[id].get.ts` -> `/api/v1/users/:id`, the way Nitro turns file names into routes. */
function urlPattern(file: string): string {
  const segments = file
    .replace(/\.ts$/, '')
    .replace(methodSuffix, '')
    .split('/')
    .map((segment) =>
      segment
        .replace(/^\[\.\.\.\]$/, '**')
        .replace(/^\[\.\.\.(\w+)\]$/, '**:$1')
        .replace(/\[(\w+)\]/g, ':$1'),
    )
    .filter((segment) => segment !== 'index');
  return ['/api', ...segments].join('/');
}

/** The pattern as a whole word: `/api/v1/products` must not match inside `/api/v1/products.csv`. */
const mentions = (text: string, pattern: string) =>
  new RegExp(`${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/:.*-])`).test(text);

const routeFiles = readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.split('\\').join('/'))
  .sort();

const specs = readdirSync(testDir)
  .filter((file) => file.endsWith('.spec.ts') && file !== 'catalogue.spec.ts')
  .map((file) => ({ file, text: readFileSync(join(testDir, file), 'utf8') }));

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const catalogue = readme.split(/^## Route catalogue$/m)[1]?.split(/^## /m)[0] ?? '';
const rows = catalogue.split('\n').filter((line) => /^\|\s*\d+\s*\|/.test(line));

describe('route catalogue', () => {
  it('finds the route files and the README section', () => {
    expect(routeFiles.length).toBeGreaterThan(10);
    expect(rows.length).toBeGreaterThan(10);
  });

  describe.each(routeFiles)('%s', (file) => {
    const pattern = urlPattern(file);
    const link = `(src/server/routes/api/${file})`;

    it(`has a spec that names ${pattern}`, () => {
      expect(specs.filter((spec) => mentions(spec.text, pattern)).map((spec) => spec.file)).not.toEqual([]);
    });

    it('has a README row linking the file, its pattern and a spec that names the pattern', () => {
      const row = rows.find((line) => line.includes(link));
      expect(row, `no README catalogue row links ${link}`).toBeDefined();
      expect(mentions(row ?? '', pattern), `the row names ${pattern}`).toBe(true);
      const testLink = /\]\((src\/server\/test\/[\w.-]+\.spec\.ts)\)\s*\|\s*$/.exec(row ?? '')?.[1];
      expect(testLink, 'the last column links a spec').toBeDefined();
      expect(mentions(readFileSync(join(root, testLink ?? ''), 'utf8'), pattern)).toBe(true);
    });

    it('opens with the pattern comment and the METHOD URL line', () => {
      const [first, second] = readFileSync(join(routesDir, file), 'utf8').split('\n');
      expect(first).toMatch(/^\/\*\* .+: .+\*\/$/);
      expect(second).toMatch(/^\/\/ [A-Z]+ \/api\//);
    });
  });

  it('links no route file or spec that does not exist', () => {
    const links = [...catalogue.matchAll(/\]\((src\/[^)]+)\)/g)].map((match) => match[1]);
    expect(links.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
