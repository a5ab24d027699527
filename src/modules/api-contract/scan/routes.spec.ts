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

/** A route's meta as the convention has it: its access rule, its limits, one status. */
const meta = (access = `'x-access': 'anyone', security: []`) =>
  `defineRouteMeta({ openAPI: { ${access}, 'x-limits': 'None.', responses: { 200: { description: 'OK.' } } } });\n`;

describe('apiRoutes', () => {
  it('lists each scanned route file with its pattern, method, file and header', async () => {
    const { root, nitro } = await scanned({
      'api/things/[id].get.ts': `/** Thing: one thing. */\n// GET /api/things/:id\n${meta()}`,
      'api/[...].ts': `/** Catch-all: the rest. */\n// ANY /api/**\n${meta()}`,
    });
    expect(apiRoutes(nitro, [], root)).toEqual([
      {
        route: '/api/**',
        method: 'default',
        handler: join(root, 'src/server/routes/api/[...].ts'),
        file: 'src/server/routes/api/[...].ts',
        header: { pattern: 'Catch-all', when: 'the rest.', method: 'ANY', url: '/api/**', query: '' },
        meta: expect.objectContaining({ openAPI: expect.objectContaining({ 'x-access': 'anyone' }) }),
        access: { access: 'anyone', limits: 'None.' },
      },
      {
        route: '/api/things/:id',
        method: 'get',
        handler: join(root, 'src/server/routes/api/things/[id].get.ts'),
        file: 'src/server/routes/api/things/[id].get.ts',
        header: { pattern: 'Thing', when: 'one thing.', method: 'GET', url: '/api/things/:id', query: '' },
        meta: {
          openAPI: {
            'x-access': 'anyone',
            security: [],
            'x-limits': 'None.',
            responses: { '200': { description: 'OK.' } },
          },
        },
        access: { access: 'anyone', limits: 'None.' },
      },
    ]);
  });

  it('fails, naming the file, when line 2 is not what Nitro serves the file as', async () => {
    const { root, nitro } = await scanned({
      'api/things.post.ts': `/** Thing: a new thing. */\n// GET /api/things\n${meta()}`,
    });
    expect(() => apiRoutes(nitro, [], root)).toThrow(
      'src/server/routes/api/things.post.ts: line 2 says GET /api/things, but Nitro serves POST /api/things',
    );
  });

  it('fails, naming the file, when a route does not say who may call it', async () => {
    const { root, nitro } = await scanned({
      'api/things.post.ts': `/** Thing: a new thing. */\n// POST /api/things\n${meta(`security: []`)}`,
    });
    expect(() => apiRoutes(nitro, [], root)).toThrow(
      /^src\/server\/routes\/api\/things\.post\.ts: say who may call it: defineRouteMeta\(\{ openAPI: \{ 'x-access': 'anyone' \|/,
    );
  });

  it.each([
    [`'x-access': 'admin', security: []`, "'x-access': 'admin' goes with security: [{ session: [] }]"],
    [`'x-access': 'anyone', security: [{ session: [] }]`, "'x-access': 'anyone' goes with security: []"],
    [
      `'x-access': 'owner', security: [{ session: [] }]`,
      'answers 401 without a session: list 401 in responses',
    ],
    [`'x-access': 'everyone', security: []`, 'say who may call it'],
  ])('fails for %s', async (access, message) => {
    const { root, nitro } = await scanned({
      'api/things.post.ts': `/** Thing: a new thing. */\n// POST /api/things\n${meta(access)}`,
    });
    expect(() => apiRoutes(nitro, [], root)).toThrow(message);
  });

  it('fails, naming the file and line, for a meta that is not a literal', async () => {
    const { root, nitro } = await scanned({
      'api/things.post.ts': `/** Thing: a new thing. */\n// POST /api/things\nconst x = 1;\ndefineRouteMeta({ openAPI: { ...x } });\n`,
    });
    expect(() => apiRoutes(nitro, [], root)).toThrow(
      'src/server/routes/api/things.post.ts:4: defineRouteMeta takes literals only, not `...x`',
    );
  });

  it('fails when x-limits is missing, and accepts an optional session for anyone', async () => {
    const { root, nitro } = await scanned({
      'api/a.post.ts': `/** A: a. */\n// POST /api/a\ndefineRouteMeta({ openAPI: { 'x-access': 'anyone', security: [] } });\n`,
    });
    expect(() => apiRoutes(nitro, [], root)).toThrow(
      'src/server/routes/api/a.post.ts: state its abuse limits in one sentence',
    );
    const optional = await scanned({
      'api/b.get.ts': `/** B: b. */\n// GET /api/b\n${meta(`'x-access': 'anyone', security: [{}, { session: [] }]`)}`,
    });
    expect(apiRoutes(optional.nitro, [], optional.root)[0].access).toEqual({
      access: 'anyone',
      limits: 'None.',
    });
  });
});
