import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Nitro, scanHandlers } from 'nitropack';
import { afterAll, describe, expect, it } from 'vitest';

import { apiRoutes } from './routes';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true })));

/** A project with `files` under src/server/routes, scanned by Nitro's own scanner. */
async function scanned(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'api-contract-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    const path = join(root, 'src/server/routes', file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  const nitro = { options: { scanDirs: [join(root, 'src/server')], ignore: [] }, logger: console };
  await scanHandlers(nitro as unknown as Nitro);
  return { root, nitro: nitro as unknown as Nitro };
}

describe('apiRoutes', () => {
  it('lists each scanned route file with its pattern, method, file and header', async () => {
    const { root, nitro } = await scanned({
      'api/things/[id].get.ts': '/** Thing: one thing. */\n// GET /api/things/:id\n',
      'api/[...].ts': '/** Catch-all: the rest. */\n// ANY /api/**\n',
    });
    expect(apiRoutes(nitro, [], root)).toEqual([
      {
        route: '/api/**',
        method: 'default',
        handler: join(root, 'src/server/routes/api/[...].ts'),
        file: 'src/server/routes/api/[...].ts',
        header: { pattern: 'Catch-all', when: 'the rest.', method: 'ANY', url: '/api/**', query: '' },
      },
      {
        route: '/api/things/:id',
        method: 'get',
        handler: join(root, 'src/server/routes/api/things/[id].get.ts'),
        file: 'src/server/routes/api/things/[id].get.ts',
        header: { pattern: 'Thing', when: 'one thing.', method: 'GET', url: '/api/things/:id', query: '' },
      },
    ]);
  });

  it('fails, naming the file, when line 2 is not what Nitro serves the file as', async () => {
    const { root, nitro } = await scanned({
      'api/things.post.ts': '/** Thing: a new thing. */\n// GET /api/things\n',
    });
    expect(() => apiRoutes(nitro, [], root)).toThrow(
      'src/server/routes/api/things.post.ts: line 2 says GET /api/things, but Nitro serves POST /api/things',
    );
  });
});
