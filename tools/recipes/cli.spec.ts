import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const apps: string[] = [];

/** A fresh copy of the stock app Analog's generator writes. */
function stockApp(): string {
  const app = mkdtempSync(join(tmpdir(), 'recipe-cli-'));
  cpSync(join(root, 'tools/recipes/stock-app'), app, {
    recursive: true,
    filter: (path) => !/[\\/](node_modules|dist)$/.test(path),
  });
  apps.push(app);
  return app;
}

/** Runs `npm run recipe -- …` as a reader does (through jiti, without npm's banner). */
function recipe(...args: string[]) {
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    [join(root, 'node_modules/jiti/lib/jiti-cli.mjs'), join(root, 'tools/recipes/cli.ts'), ...args],
    { cwd: root, encoding: 'utf8' },
  );
  return { status, stderr, output: `${stdout}${stderr}` };
}

/** An empty folder beside the app, for what a link in the app points to. */
function outside(): string {
  const folder = mkdtempSync(join(tmpdir(), 'recipe-cli-outside-'));
  apps.push(folder);
  return folder;
}

/** Every file of the app and its text. */
function snapshot(app: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(app, { recursive: true, encoding: 'utf8' })
      .sort()
      .flatMap((path) => {
        try {
          return [[path, readFileSync(join(app, path), 'utf8')]];
        } catch {
          return []; // a folder
        }
      }),
  );
}

const read = (app: string, path: string) => readFileSync(join(app, path), 'utf8');
const edit = (app: string, path: string, change: (text: string) => string) =>
  writeFileSync(join(app, path), change(read(app, path)));

afterEach(() => {
  for (const app of apps.splice(0)) rmSync(app, { recursive: true, force: true });
});

describe('npm run recipe -- add', { timeout: 60_000 }, () => {
  it('adds the recipe, the recipes it builds on and their config to a stock app, and tells what is left', () => {
    const app = stockApp();
    const { status, output } = recipe('add', 'sessions', 'security', '--to', app);
    expect(status, output).toBe(0);
    expect(output).toContain('Adding sessions, security (with validated-routes, request, database)');
    expect(output).toMatch(/Set SESSION_SECRET where the server runs/);
    expect(output).toMatch(/Run `npm install`/);
    expect(read(app, 'src/server/routes/api/v1/me.get.ts')).toBe(
      read(root, 'src/server/routes/api/v1/me.get.ts'),
    );
    expect(read(app, 'src/app/app.config.ts')).toContain(
      'withInterceptors([loaderCookiesInterceptor, requestContextInterceptor])',
    );
    expect(read(app, 'src/main.server.ts')).toContain('export default withPagePolicy(render(App, config));');
    expect(read(app, 'tsconfig.json')).toContain('"lib": ["ES2022", "dom", "DOM.Iterable"]');
    expect(read(app, 'vite.config.ts')).toMatch(
      /resolve: \{\s+mainFields: \['module'\],\s+alias: \{\s+'#server-actions'/,
    );
    expect(read(app, 'index.html')).not.toContain('<base');
    expect(JSON.parse(read(app, 'package.json')).dependencies).toMatchObject({ zod: '4.6.7', h3: '1.15.11' });
    expect(read(app, '.env.example')).toMatch(/# Seals the session cookies.*\n.*\nSESSION_SECRET=\n/);
  });

  it('changes no file when the recipe is added again', () => {
    const app = stockApp();
    const first = recipe('add', 'uploads', 'server-functions', '--to', app);
    expect(first.status, first.output).toBe(0);
    // Both lessons copy the form field (sharedFiles): it is written once.
    expect(first.output.match(/new {4}src\/app\/shared\/form-field\.ts/g)).toHaveLength(1);
    const once = snapshot(app);
    const { status, output } = recipe('add', 'uploads', 'server-functions', '--to', app);
    expect(status, output).toBe(0);
    expect(output).toContain('nothing to change');
    expect(snapshot(app)).toEqual(once);
  });

  it('merges a second recipe with the first: each setting once, both recipes in it', () => {
    const app = stockApp();
    expect(recipe('add', 'validated-routes', '--to', app).status).toBe(0);
    expect(recipe('add', 'webhooks', '--to', app).status).toBe(0);
    const vite = read(app, 'vite.config.ts');
    expect(vite.match(/'#server-actions'/g)).toHaveLength(2);
    expect(vite.match(/import \{ fileURLToPath \} from 'node:url'/g)).toHaveLength(1);
    expect(vite).toContain("'/api/v1/webhooks/payments': {\n            bodyLimit: 64 * 1024,");
    expect(read(app, '.env.example')).toContain('WEBHOOK_SECRET=\n');
  });

  it("keeps the user's own comments and settings in vite.config.ts, tsconfig.json and app.config.ts", () => {
    const app = stockApp();
    edit(app, 'vite.config.ts', (text) =>
      text.replace(
        '  plugins: [\n    analog(),',
        '  // Our own port.\n  server: { port: 4300 },\n  plugins: [\n    analog({ ssr: true, nitro: { runtimeConfig: { sessionSecret: "from-our-vault" } } }),',
      ),
    );
    edit(app, 'tsconfig.json', (text) =>
      text.replace('"strict": true,', '"strict": true,\n    // We want these.\n    "noUnusedLocals": true,'),
    );
    edit(app, 'src/app/app.config.ts', (text) =>
      text.replace(
        '    provideFileRouter(),',
        "    // Our own provider.\n    { provide: LOCALE_ID, useValue: 'fr' },\n    provideFileRouter(),",
      ),
    );
    const { status, output } = recipe('add', 'sessions', '--to', app);
    expect(status, output).toBe(0);
    const vite = read(app, 'vite.config.ts');
    expect(vite).toContain('  // Our own port.\n  server: { port: 4300 },');
    expect(vite).toContain('ssr: true');
    expect(vite).toContain('sessionSecret: "from-our-vault"');
    expect(vite).not.toContain("sessionSecret: ''");
    expect(vite).toContain('signUpsPerHour: 10');
    const tsconfig = read(app, 'tsconfig.json');
    expect(tsconfig).toContain('    // We want these.\n    "noUnusedLocals": true,');
    expect(tsconfig).toContain('"#server-actions"');
    const config = read(app, 'src/app/app.config.ts');
    expect(config).toContain(
      "    // Our own provider.\n    { provide: LOCALE_ID, useValue: 'fr' },\n    provideFileRouter(),",
    );
    expect(config).toContain('loaderCookiesInterceptor, requestContextInterceptor');
  });

  it('does not overwrite a file the user changed: it shows the diff and writes nothing, unless --force', () => {
    const app = stockApp();
    expect(recipe('add', 'validated-routes', '--to', app).status).toBe(0);
    const route = 'src/server/routes/api/v1/search.get.ts';
    edit(app, route, (text) => `${text}// Ours.\n`);
    const before = snapshot(app);
    const refused = recipe('add', 'validated-routes', 'webhooks', '--to', app);
    expect(refused.status).toBe(5);
    expect(refused.output).toContain(`${route} differs from the recipe's`);
    expect(refused.output).toContain('-// Ours.');
    expect(refused.output).toContain('--force');
    expect(snapshot(app)).toEqual(before);
    const forced = recipe('add', 'validated-routes', 'webhooks', '--to', app, '--force');
    expect(forced.status, forced.output).toBe(0);
    expect(read(app, route)).toBe(read(root, route));
    expect(read(app, 'src/server/routes/api/v1/webhooks/payments.post.ts')).toBeTruthy();
  });

  it('writes nothing with --dry-run, and says what it would do', () => {
    const app = stockApp();
    const before = snapshot(app);
    const { status, output } = recipe('add', 'sessions', '--to', app, '--dry-run');
    expect(status, output).toBe(0);
    expect(output).toContain('Would add sessions');
    expect(output).toContain('new    src/server/routes/api/v1/me.get.ts');
    expect(output).toContain('edited vite.config.ts');
    expect(snapshot(app)).toEqual(before);
  });

  it('answers an unknown recipe with the list of recipes, on one line, and exit code 2', () => {
    const { status, stderr } = recipe('add', 'sesions', '--to', stockApp());
    expect(status).toBe(2);
    expect(stderr).toMatch(/^Unknown recipe "sesions"\. The recipes: .*\bsessions\b.*\n$/);
  });

  it('answers a folder that is no Analog app with exit code 3 and writes nothing', () => {
    const folder = mkdtempSync(join(tmpdir(), 'recipe-cli-'));
    apps.push(folder);
    writeFileSync(
      join(folder, 'package.json'),
      '{ "name": "not-analog", "dependencies": { "vite": "8.3.8" } }\n',
    );
    const { status, output } = recipe('add', 'sessions', '--to', folder);
    expect(status).toBe(3);
    expect(output).toContain('is not an Analog app: its package.json does not list @analogjs/platform');
    expect(readdirSync(folder)).toEqual(['package.json']);
  });

  it('answers a vite.config.ts it cannot edit with exit code 4 and the edit to make by hand', () => {
    const app = stockApp();
    const mine = [
      "import analog from '@analogjs/platform';",
      "import { defineConfig } from 'vite';",
      '',
      'export default defineConfig(async () => {',
      "  const ssr = process.env['SSR'] !== 'false';",
      '  return { plugins: [analog({ ssr })] };',
      '});',
      '',
    ].join('\n');
    writeFileSync(join(app, 'vite.config.ts'), mine);
    const { status, output } = recipe('add', 'validated-routes', '--to', app);
    expect(status).toBe(4);
    expect(output).toContain('Edit vite.config.ts by hand');
    expect(output).toContain("'#server-actions': fileURLToPath(");
    expect(read(app, 'vite.config.ts')).toBe(mine);
    expect(read(app, 'tsconfig.json')).toContain('"#server-actions"');
  });

  it('answers wrong usage with the usage line and exit code 2', () => {
    expect(recipe('add', 'sessions').status).toBe(2);
    const { status, output } = recipe('add', 'sessions', '--to', stockApp(), '--colour');
    expect(status).toBe(2);
    expect(output).toContain("Unknown option '--colour'");
  });
});

describe('npm run recipe -- add database: the SQLite driver', { timeout: 60_000 }, () => {
  const engines = (app: string, node: string) =>
    edit(app, 'package.json', (text) => text.replace('"node": ">=20.19.1"', `"node": "${node}"`));
  const packages = (app: string) => {
    const pkg = JSON.parse(read(app, 'package.json'));
    return { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>;
  };

  it.each([
    ['>=20.19.1', '20.19.1'], // the generator's angular-v21 app
    ['>=22.22.3', '22.22.3'], // its latest app: node:sqlite logs an ExperimentalWarning on Node 22
  ])('adds better-sqlite3 to an app whose engines.node is %s, and says why', (node, lowest) => {
    const app = stockApp();
    engines(app, node);
    const { status, output } = recipe('add', 'database', '--to', app);
    expect(status, output).toBe(0);
    expect(packages(app)).toMatchObject({ 'better-sqlite3': expect.any(String), db0: expect.any(String) });
    expect(output).toContain(
      `SQLite driver: better-sqlite3 (a native addon its install script builds) below Node 24.15.0, node:sqlite from it, as engines.node "${node}" admits Node ${lowest}; engines.node ">=24.15.0" needs no addon.`,
    );
  });

  it('leaves better-sqlite3 out of an app that runs on Node 24.15 or later, says so, and keeps it out', () => {
    const app = stockApp();
    engines(app, '^24.15.0 || >=26');
    const { status, output } = recipe('add', 'todos', '--to', app);
    expect(status, output).toBe(0);
    expect(packages(app)).not.toHaveProperty('better-sqlite3');
    expect(packages(app)).toHaveProperty('db0');
    expect(output).toContain(
      'SQLite driver: node:sqlite, built into Node, as engines.node "^24.15.0 || >=26" runs the app on Node 24.15.0 or later: no better-sqlite3, no install script.',
    );
    const record = JSON.parse(read(app, 'recipes.lock.json'));
    expect(record.recipes.database.packages).not.toHaveProperty('better-sqlite3');
    // The record and the cookbook agree: nothing waits, and an update adds no package.
    const current = recipe('status', '--to', app);
    expect(current.status, current.output).toBe(0);
    expect(recipe('update', '--to', app).status).toBe(0);
    expect(packages(app)).not.toHaveProperty('better-sqlite3');
  });

  it('takes better-sqlite3 out on update once engines.node is raised to Node 24.15', () => {
    const app = stockApp();
    expect(recipe('add', 'database', '--to', app).status).toBe(0);
    engines(app, '>=24.15.0');
    const { status, output } = recipe('update', '--to', app);
    expect(status, output).toBe(0);
    expect(packages(app)).not.toHaveProperty('better-sqlite3');
    expect(packages(app)).toHaveProperty('db0');
  });

  it('says nothing of SQLite when the recipes added do not use it', () => {
    const { status, output } = recipe('add', 'validated-routes', '--to', stockApp());
    expect(status, output).toBe(0);
    expect(output).not.toContain('SQLite driver');
  });
});

describe('npm run recipe -- list and show', () => {
  it('lists every recipe, and shows one with its manual steps', { timeout: 30_000 }, () => {
    const listed = recipe('list');
    expect(listed.status).toBe(0);
    expect(listed.output).toMatch(/^sessions +Sessions and sign-in/m);
    const shown = recipe('show', 'validated-routes');
    expect(shown.status).toBe(0);
    expect(shown.output).toContain('npm run recipe -- add validated-routes --to ../my-app');
    expect(shown.output).toContain('Edit `vite.config.ts`');
  });
});

describe('npm run recipe -- add refuses, writing nothing', { timeout: 60_000 }, () => {
  /** The refusal: its exit code, and its one line on stderr (no stack trace). */
  function refused(app: string, ...args: string[]) {
    const { status, stderr } = recipe('add', 'sessions', '--to', app, ...args);
    expect(stderr.trimEnd().split('\n'), stderr).toHaveLength(1);
    expect(stderr).not.toContain('    at ');
    return { status, line: stderr.trim() };
  }

  it('a recipe file that is a dangling symbolic link, which would write outside the app (exit 7)', () => {
    const app = stockApp();
    const elsewhere = outside();
    mkdirSync(join(app, 'src/server/routes/api/v1'), { recursive: true });
    symlinkSync(join(elsewhere, 'me.get.ts'), join(app, 'src/server/routes/api/v1/me.get.ts'));
    const before = snapshot(app);
    expect(refused(app)).toEqual({
      status: 7,
      line: `${join(app, 'src/server/routes/api/v1/me.get.ts')} is a symbolic link: the command writes no file through one, so nothing was written.`,
    });
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(snapshot(app)).toEqual(before);
  });

  it.each(['.env.example', 'package.json', 'vite.config.ts', 'tsconfig.json'])(
    'a %s that is a symbolic link, whose target it would edit (exit 7)',
    (file) => {
      const app = stockApp();
      const target = join(outside(), file);
      writeFileSync(join(app, '.env.example'), '# Ours.\n'); // the stock app has none
      renameSync(join(app, file), target);
      symlinkSync(target, join(app, file));
      const text = readFileSync(target, 'utf8');
      const before = snapshot(app);
      expect(refused(app)).toMatchObject({
        status: 7,
        line: expect.stringContaining(`${file} is a symbolic link`),
      });
      expect(readFileSync(target, 'utf8')).toBe(text);
      expect(snapshot(app)).toEqual(before);
    },
  );

  it('a folder on the way to the recipe files that is a symbolic link (exit 7)', () => {
    const app = stockApp();
    const elsewhere = outside();
    rmSync(join(app, 'src/server'), { recursive: true });
    symlinkSync(elsewhere, join(app, 'src/server'));
    expect(refused(app)).toMatchObject({
      status: 7,
      line: `${join(app, 'src/server')} is a symbolic link: the command writes no file through one, so nothing was written.`,
    });
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it.each([
    [
      'package.json that is not JSON',
      'package.json',
      '{\n  "name": "my-app"\n',
      'package.json is not valid JSON: CloseBraceExpected at line 3, column 1',
    ],
    [
      'package.json whose dependencies are an array',
      'package.json',
      '{ "dependencies": ["zod"], "devDependencies": { "@analogjs/platform": "2.7.5" } }',
      'package.json has a "dependencies" that is not an object',
    ],
    [
      'vite.config.ts with a syntax error',
      'vite.config.ts',
      'export default {\n',
      'vite.config.ts is not valid TypeScript: Unexpected token (2:0)',
    ],
    ['tsconfig.json that is a folder', 'tsconfig.json', undefined, 'tsconfig.json is a folder, not a file'],
  ])('a %s (exit 6)', (_, file, text, line) => {
    const app = stockApp();
    rmSync(join(app, file));
    if (text === undefined) mkdirSync(join(app, file));
    else writeFileSync(join(app, file), text);
    const before = snapshot(app);
    expect(refused(app)).toEqual({ status: 6, line: `${join(app, line)}: nothing was written.` });
    expect(snapshot(app)).toEqual(before);
  });

  it('a --to folder that does not exist (exit 3)', () => {
    const missing = join(outside(), 'my-app');
    expect(refused(missing)).toEqual({
      status: 3,
      line: `${missing} is not a folder: --to takes your Analog app's folder.`,
    });
    expect(readdirSync(dirname(missing))).toEqual([]);
  });
});

describe('npm run recipe -- add with files of unusual shapes', { timeout: 60_000 }, () => {
  it('accepts a package.json that starts with a byte order mark, as npm does, and keeps the mark', () => {
    const app = stockApp();
    edit(app, 'package.json', (text) => `\uFEFF${text}`);
    const { status, output } = recipe('add', 'sessions', '--to', app);
    expect(status, output).toBe(0);
    const pkg = read(app, 'package.json');
    expect(pkg.startsWith('\uFEFF{')).toBe(true);
    expect(JSON.parse(pkg.slice(1)).dependencies).toMatchObject({ zod: '4.6.7' });
  });

  it.each([
    [
      "runtimeConfig: 'oops'",
      "nitro: { runtimeConfig: 'oops' }",
      'its `nitro.runtimeConfig` is not an object literal',
    ],
    [
      'two `nitro` keys, where only the last counts',
      "nitro: { preset: 'node-server' }, nitro: { preset: 'node-cluster' }",
      'it sets `nitro` twice in one object, and only the last one counts',
    ],
  ])('leaves vite.config.ts with %s to an edit by hand (exit 4)', (_, options, why) => {
    const app = stockApp();
    edit(app, 'vite.config.ts', (text) => text.replace('analog(),', `analog({ ${options} }),`));
    const mine = read(app, 'vite.config.ts');
    const { status, stderr } = recipe('add', 'sessions', '--to', app);
    expect(status, stderr).toBe(4);
    expect(stderr).toContain(`Edit vite.config.ts by hand (${why}):`);
    expect(stderr).not.toContain('    at ');
    expect(read(app, 'vite.config.ts')).toBe(mine);
  });
});
