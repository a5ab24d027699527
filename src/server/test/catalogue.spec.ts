import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

import { root } from '../../../e2e/support/build';

const routesDir = join(root, 'src/server/routes');
const testsDir = join(root, 'src/server/test');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const routeFiles = filesUnder(routesDir).map((file) => relative(root, file));
const specs = filesUnder(testsDir)
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** `GET /api/v1/users/:id` from the route file's second line, without its example query. */
function endpointOf(file: string): string {
  const [header, endpoint] = readFileSync(join(root, file), 'utf8').split('\n');
  expect(header, `${file}: line 1 says what the pattern is`).toMatch(/^\/\*\* .+: .+ \*\/$/);
  expect(endpoint, `${file}: line 2 names the method and URL`).toMatch(
    /^\/\/ (ANY|GET|POST|PUT|PATCH|DELETE) \/\S+/,
  );
  return endpoint.slice(3).split('?')[0];
}

describe('the route catalogue', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(20);
  });

  it.each(routeFiles)('%s has a header, a spec and a README row', (file) => {
    const endpoint = endpointOf(file);
    expect(specs, `a describe('${endpoint}') block tests ${file}`).toContain(`describe('${endpoint}`);
    const row = readme.split('\n').find((line) => line.startsWith('|') && line.includes(`](${file})`));
    expect(row, `README.md has a catalogue row linking ${file}`).toBeDefined();
    expect(row).toContain(`\`${endpoint}\``);
  });
});
