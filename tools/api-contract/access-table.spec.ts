import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { accessRules } from '../../src/modules/api-contract/index.ts';
import { apiCatalogue } from '../../src/server/api-catalogue.gen';
import { accessEnd, accessStart, accessTable, serverFunctionAccess } from './access-table';

const root = fileURLToPath(new URL('../..', import.meta.url));
const security = readFileSync(join(root, 'docs/security.md'), 'utf8');

describe('the access table in docs/security.md', () => {
  it('is generated from the routes, exactly (run `npm run readme` after changing a route file)', () => {
    const generated = `${accessStart}\n${accessTable([...apiCatalogue, ...serverFunctionAccess])}\n${accessEnd}`;
    const current = security.slice(
      security.indexOf(accessStart),
      security.indexOf(accessEnd) + accessEnd.length,
    );
    expect(current).toBe(generated);
  });

  it('has a row with a known rule and stated limits for every API route', () => {
    const table = accessTable(apiCatalogue);
    for (const { method, url, access, limits } of apiCatalogue) {
      expect(accessRules).toContain(access);
      expect(limits).not.toBe('');
      expect(table).toContain(`| \`${method} ${url}\` | ${access} |`);
    }
    expect(table.split('\n')).toHaveLength(apiCatalogue.length + 2);
  });
});

describe('accessTable', () => {
  it('lists guarded routes first and escapes a pipe in the limits', () => {
    const row = (url: string, access: string, limits = 'None.') => ({
      file: `src/server/routes${url}.ts`,
      method: 'GET',
      url,
      access,
      limits,
    });
    expect(
      accessTable([row('/a', 'anyone', 'a | b'), row('/b', 'admin')])
        .split('\n')
        .slice(2),
    ).toEqual([
      '| `GET /b` | admin | None. | [`b.ts`](../src/server/routes/b.ts) |',
      '| `GET /a` | anyone | a \\| b | [`a.ts`](../src/server/routes/a.ts) |',
    ]);
  });
});
