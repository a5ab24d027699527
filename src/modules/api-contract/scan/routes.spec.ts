import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Nitro, scanHandlers } from 'nitropack';
import { afterAll, describe, expect, it } from 'vitest';

import { apiRoutes } from './routes';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true })));

/** A project with `files` under src/server (routes and their lib), scanned by Nitro's own scanner. */
async function scanned(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'api-contract-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    const path = join(root, 'src/server', file.startsWith('lib/') ? file : `routes/${file}`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  const nitro = { options: { scanDirs: [join(root, 'src/server')], ignore: [] }, logger: console };
  await scanHandlers(nitro as unknown as Nitro);
  return { root, nitro: nitro as unknown as Nitro };
}

/** A route's header: what it teaches, its method and URL, who may call it and what it answers. */
const header = (endpoint: string, access = 'anyone', answers = '200: OK.') =>
  `/** Thing: a thing. */\n// ${endpoint}\n// Access: ${access}. Limits: None.\n${answers && `// ${answers}\n`}`;

/** The thrown message of the scan of `files`. */
const failure = async (files: Record<string, string>) => {
  const { root, nitro } = await scanned(files);
  return () => apiRoutes(nitro, [], root);
};

describe('apiRoutes', () => {
  it('lists each scanned route file with its pattern, method, file, header, access and answers', async () => {
    const { root, nitro } = await scanned({
      'api/things/[id].get.ts': header(
        'GET /api/things/:id',
        'anyone',
        '200 text/csv: The thing. 404: None.',
      ),
      'api/[...].ts': header('ANY /api/**'),
    });
    expect(apiRoutes(nitro, [], root)).toEqual([
      {
        route: '/api/**',
        method: 'default',
        handler: join(root, 'src/server/routes/api/[...].ts'),
        file: 'src/server/routes/api/[...].ts',
        header: { pattern: 'Thing', when: 'a thing.', method: 'ANY', url: '/api/**', query: '' },
        access: { access: 'anyone', limits: 'None.' },
        answers: { '200': { description: 'OK.' } },
      },
      {
        route: '/api/things/:id',
        method: 'get',
        handler: join(root, 'src/server/routes/api/things/[id].get.ts'),
        file: 'src/server/routes/api/things/[id].get.ts',
        header: { pattern: 'Thing', when: 'a thing.', method: 'GET', url: '/api/things/:id', query: '' },
        access: { access: 'anyone', limits: 'None.' },
        answers: {
          '200': { description: 'The thing.', content: { 'text/csv': {} } },
          '404': { description: 'None.' },
        },
      },
    ]);
  });

  it('fails, naming the file, when line 2 is not what Nitro serves the file as', async () => {
    expect(await failure({ 'api/things.post.ts': header('GET /api/things') })).toThrow(
      'src/server/routes/api/things.post.ts: line 2 says GET /api/things, but Nitro serves POST /api/things',
    );
  });

  it.each([
    ['no line 3', `/** Thing: a thing. */\n// POST /api/things\n// 200: OK.\n`],
    ['a rule that is none', header('POST /api/things', 'everyone')],
    ['no limits', `/** Thing: a thing. */\n// POST /api/things\n// Access: anyone. Limits: \n// 200: OK.\n`],
  ])('fails, naming the file, for a route with %s', async (_, text) => {
    expect(await failure({ 'api/things.post.ts': text })).toThrow(
      /^src\/server\/routes\/api\/things\.post\.ts: line 3 must say who may call it and the limits on its abuse: \/\/ Access: anyone \| signed-in/,
    );
  });

  it('fails for a route that answers nothing, or needs a session but answers no 401', async () => {
    expect(await failure({ 'api/a.get.ts': header('GET /api/a', 'anyone', '') })).toThrow(
      'src/server/routes/api/a.get.ts: say what it answers on line 4',
    );
    expect(await failure({ 'api/b.get.ts': header('GET /api/b', 'owner') })).toThrow(
      "src/server/routes/api/b.get.ts: 'owner' answers 401 without a session",
    );
  });

  it('adds the @status tags of the functions a route imports, through re-exports, its own lines winning', async () => {
    const { root, nitro } = await scanned({
      'lib/auth/index.ts': `export * from './guard';\nexport { lookUp as find } from './find';\n`,
      'lib/auth/guard.ts':
        '/**\n * The account.\n * @status 401 No valid\n *   session.\n * @status 403 Not an admin.\n */\nexport async function requireAdmin() {}\n',
      'lib/auth/find.ts': '/** @status 404 No thing. */\nexport const lookUp = () => {};\n',
      'api/things.get.ts': `${header('GET /api/things', 'admin', '200: The things. 403: Not yours.')}import { find, requireAdmin } from '../../lib/auth';\n`,
    });
    expect(apiRoutes(nitro, [], root)[0].answers).toEqual({
      '200': { description: 'The things.' },
      '401': { description: 'No valid session.' },
      '403': { description: 'Not yours.' },
      '404': { description: 'No thing.' },
    });
  });

  it('fails when two functions a route calls tag one status differently, unless the route states it', async () => {
    const lib = {
      'lib/a.ts': '/** @status 429 Too many of a. */\nexport function a() {}\n',
      'lib/b.ts': '/** @status 429 Too many of b. */\nexport function b() {}\n',
    };
    const imports = "import { a } from '../../lib/a';\nimport { b } from '../../lib/b';\n";
    expect(await failure({ ...lib, 'api/c.get.ts': `${header('GET /api/c')}${imports}` })).toThrow(
      'src/server/routes/api/c.get.ts: its functions tag 429 differently: state it',
    );
    const { root, nitro } = await scanned({
      ...lib,
      'api/d.get.ts': `${header('GET /api/d', 'anyone', '200: OK. 429: Too many.')}${imports}`,
    });
    expect(apiRoutes(nitro, [], root)[0].answers['429']).toEqual({ description: 'Too many.' });
  });
});
