import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { root } from '../../../e2e/support/build';

const routesDir = join(root, 'src/server/routes');
const testsDir = join(root, 'src/server/test');

const routeFiles = readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => file.split('\\').join('/'))
  .sort();
const specText = (file: string) => readFileSync(join(root, file), 'utf8');
const specs = readdirSync(testsDir)
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => specText(`src/server/test/${file}`))
  .join('\n');

const readme = readFileSync(join(root, 'README.md'), 'utf8');
const catalogue = readme.split(/^## Route catalogue$/m)[1]?.split(/^## /m)[0] ?? '';
const rows = catalogue.split('\n').filter((line) => /^\|\s*\d+\s*\|/.test(line));

/** `api/v1/users/[id].get.ts` -> `GET /api/v1/users/:id`, the way Nitro reads file names. */
function endpointFromName(file: string): string {
  const suffix = /\.(get|head|post|put|patch|delete|options)\.ts$/.exec(file)?.[1];
  const path = file
    .replace(/(\.[a-z]+)?\.ts$/, (ending, method?: string) => (method === `.${suffix}` ? '' : (method ?? '')))
    .split('/')
    .filter((segment) => segment !== 'index')
    .map((segment) =>
      segment
        .replace(/^\[\.\.\.\]$/, '**')
        .replace(/^\[\.\.\.(\w+)\]$/, '**:$1')
        .replace(/\[(\w+)\]/g, ':$1'),
    );
  return `${suffix?.toUpperCase() ?? 'ANY'} /${path.join('/')}`;
}

/** `GET /api/v1/users/:id` from the route file's second line, without its example query. */
function endpointOf(file: string): string {
  const [header, endpoint] = readFileSync(join(routesDir, file), 'utf8').split('\n');
  expect(header, `${file}: line 1 says what the pattern is`).toMatch(/^\/\*\* .+: .+ \*\/$/);
  expect(endpoint, `${file}: line 2 names the method and URL`).toMatch(
    /^\/\/ (ANY|GET|POST|PUT|PATCH|DELETE) \/\S+/,
  );
  return endpoint.slice(3).split('?')[0];
}

describe('the route catalogue', () => {
  it('finds the route files and the README table', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(20);
    expect(rows.length).toBeGreaterThanOrEqual(20);
  });

  it.each(routeFiles)('%s has a true header, a spec and a README row', (file) => {
    const endpoint = endpointOf(file);
    expect(endpoint, 'line 2 matches what the file name serves').toBe(endpointFromName(file));
    expect(specs, `a describe('${endpoint}') block tests ${file}`).toContain(`describe('${endpoint}`);
    const row = rows.find((line) => line.includes(`](src/server/routes/${file})`));
    expect(row, `README.md has a catalogue row linking ${file}`).toBeDefined();
    expect(row).toContain(`\`${endpoint}`);
    const test = /\]\((src\/server\/test\/[\w.-]+\.spec\.ts)\)\s*\|\s*$/.exec(row ?? '')?.[1] ?? '';
    expect(test, 'the last column links a spec').not.toBe('');
    expect(specText(test), `${test} tests ${endpoint}`).toContain(`describe('${endpoint}`);
  });

  it('links no file that does not exist', () => {
    const links = [...catalogue.matchAll(/\]\((src\/[^)]+)\)/g)].map((match) => match[1]);
    expect(links.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});
