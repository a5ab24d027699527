// status, update and remove on copies of the stock app, against a cookbook of our own: a temporary git repository
// holding this one's recipe files and tools/recipes, whose commits play the cookbook's changes since the app took
// a recipe. The command is the real one, run from that repository as a reader runs it from theirs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

import type { Manifest } from './manifest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const folders: string[] = [];
const temporary = (prefix: string) => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const read = (folder: string, path: string) => readFileSync(join(folder, path), 'utf8');
const write = (folder: string, path: string, text: string) => {
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), text);
};
const edit = (folder: string, path: string, change: (text: string) => string) =>
  write(folder, path, change(read(folder, path)));

const git = (folder: string, ...args: string[]) =>
  spawnSync('git', ['-c', 'user.name=spec', '-c', 'user.email=spec@example.com', ...args], {
    cwd: folder,
    encoding: 'utf8',
  }).stdout.trim();

/** A cookbook at its first commit: tools/recipes and every recipe's files, as this repository has them. */
function cookbook(): string {
  template ??= firstCommit();
  const folder = temporary('recipe-cookbook-');
  // A local clone shares the objects: a fresh cookbook for each case at a fraction of a first commit's cost.
  git(tmpdir(), 'clone', '-q', '--local', template, folder);
  git(folder, 'remote', 'remove', 'origin');
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
  return folder;
}

let template: string | undefined;
afterAll(() => template && rmSync(template, { recursive: true, force: true }));
function firstCommit(): string {
  const folder = mkdtempSync(join(tmpdir(), 'recipe-cookbook-template-'));
  cpSync(join(root, 'tools/recipes'), join(folder, 'tools/recipes'), {
    recursive: true,
    filter: (path) => !/[\\/](node_modules|dist)$/.test(path),
  });
  const manifest = JSON.parse(read(root, 'tools/recipes/manifest.json')) as Manifest;
  for (const path of new Set(manifest.recipes.flatMap(({ files }) => files.map((file) => file.path))))
    write(folder, path, read(root, path));
  write(folder, '.gitignore', 'node_modules\n');
  git(folder, 'init', '-q');
  commit(folder, 'the cookbook as the app takes it');
  return folder;
}

const commit = (folder: string, message: string) => {
  git(folder, 'add', '-A');
  git(folder, 'commit', '-q', '-m', message);
  return git(folder, 'rev-parse', 'HEAD');
};

/** Changes a recipe's entry in the cookbook's manifest, as `npm run recipes` would after its files changed. */
function editRecipe(folder: string, name: string, change: (recipe: Manifest['recipes'][number]) => void) {
  const manifest = JSON.parse(read(folder, 'tools/recipes/manifest.json')) as Manifest;
  change(manifest.recipes.find((recipe) => recipe.name === name)!);
  write(folder, 'tools/recipes/manifest.json', JSON.stringify(manifest, null, 2));
}

function stockApp(): string {
  const app = temporary('recipe-app-');
  cpSync(join(root, 'tools/recipes/stock-app'), app, {
    recursive: true,
    filter: (path) => !/[\\/](node_modules|dist)$/.test(path),
  });
  return app;
}

/** `npm run recipe -- …` from the cookbook. */
function recipe(from: string, ...args: string[]) {
  const { status, stdout, stderr } = spawnSync(
    process.execPath,
    [join(root, 'node_modules/jiti/lib/jiti-cli.mjs'), join(from, 'tools/recipes/cli.ts'), ...args],
    { cwd: from, encoding: 'utf8' },
  );
  return { status, output: `${stdout}${stderr}` };
}

/** Every file of the app and its text. */
function snapshot(app: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(app, { recursive: true, encoding: 'utf8' })
      .sort()
      .flatMap((path) => (statSync(join(app, path)).isFile() ? [[path, read(app, path)]] : [])),
  );
}

const lib = 'src/modules/request';
const above = (line: string) => (text: string) => `${line}\n${text}`;
const below = (line: string) => (text: string) => `${text}${line}\n`;
const lock = (app: string) =>
  JSON.parse(read(app, 'recipes.lock.json')) as {
    recipes: Record<string, { commit: string; files: Record<string, { sha256: string; commit: string }> }>;
  };

/**
 * An app that took `request` from the cookbook's first commit and edited it as a reader would, and a cookbook
 * that changed since: a file each side changed, one both did, a new file, a removed one, a package bump and a
 * new setting, with a changelog line that flags the change as a security fix.
 */
function changedOnBothSides() {
  const from = cookbook();
  const app = stockApp();
  expect(recipe(from, 'add', 'request', '--to', app).status).toBe(0);
  edit(app, `${lib}/address-key.ts`, below('// the reader: ours'));
  edit(app, `${lib}/proxy.ts`, below('// the reader: ours, beside theirs'));
  edit(app, 'vite.config.ts', (text) => text.replace('trustProxy: false', 'trustProxy: true'));

  edit(from, `${lib}/queued-bytes.ts`, above('// the cookbook: theirs'));
  edit(from, `${lib}/proxy.ts`, above('// the cookbook: theirs, beside ours'));
  write(from, `${lib}/retry.ts`, 'export const retryAfterSeconds = 5;\n');
  rmSync(join(from, `${lib}/linger.ts`));
  editRecipe(from, 'request', (request) => {
    request.files = [
      ...request.files.filter(({ path }) => path !== `${lib}/linger.ts`),
      { path: `${lib}/retry.ts`, lines: 1 },
    ];
    request.packages['h3'] = '1.15.99';
    (request.config.nitro!['runtimeConfig'] as { budget: Record<string, number> }).budget['streamBytes'] =
      2048;
  });
  const fix = commit(from, 'a fix upstream');
  edit(from, 'tools/recipes/CHANGELOG.md', (text) =>
    text.replace(
      '## request\n\n',
      `## request\n\n- \`${fix.slice(0, 7)}\` 2026-11-29 **security** A hole closed.\n`,
    ),
  );
  commit(from, 'its changelog line');
  return { from, app };
}

describe('npm run recipe -- add', { timeout: 60_000 }, () => {
  it('leaves recipes.lock.json: the cookbook commit, a sha256 per file written, the packages and the config edits', () => {
    const from = cookbook();
    const app = stockApp();
    expect(recipe(from, 'add', 'plain-routes', '--to', app).status).toBe(0);
    const head = git(from, 'rev-parse', 'HEAD');
    const record = JSON.parse(read(app, 'recipes.lock.json'));
    expect(Object.keys(record.recipes)).toEqual(['validated-routes', 'plain-routes']);
    const routes = record.recipes['validated-routes'];
    expect(routes.commit).toBe(head);
    expect(routes.date).toBe(git(from, 'log', '-1', '--format=%cI'));
    const [path, file] = Object.entries(
      routes.files as Record<string, { sha256: string; commit: string }>,
    )[0]!;
    expect(file).toEqual({
      sha256: spawnSync('sha256sum', [join(app, path)], { encoding: 'utf8' }).stdout.split(' ')[0],
      commit: head,
    });
    expect(routes.packages['zod']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(routes.config).toBeTypeOf('object');
  });

  it('--from takes the recipes from another worktree of the cookbook: the record names its commit, update merges from there', () => {
    const from = cookbook();
    const first = git(from, 'rev-parse', 'HEAD');
    edit(from, `${lib}/proxy.ts`, above('// the cookbook, later'));
    commit(from, 'a change after the first commit');
    const then = join(temporary('recipe-cookbook-then-'), 'cookbook');
    git(from, 'worktree', 'add', '--detach', '--quiet', then, first);
    const app = stockApp();
    const { status, output } = recipe(from, 'add', 'request', '--from', then, '--to', app);
    expect(status, output).toBe(0);
    expect(read(app, `${lib}/proxy.ts`)).toBe(read(then, `${lib}/proxy.ts`));
    expect(lock(app).recipes['request']!.commit).toBe(first);
    expect(lock(app).recipes['request']!.files[`${lib}/proxy.ts`]!.commit).toBe(first);

    edit(app, `${lib}/proxy.ts`, below('// the reader'));
    expect(recipe(from, 'update', '--to', app).status).toBe(0);
    expect(read(app, `${lib}/proxy.ts`)).toBe(`${read(from, `${lib}/proxy.ts`)}// the reader\n`);
  });

  it('points to update when a file it would overwrite came from a recipe in the record', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'validated-routes', '--to', app);
    const [path] = Object.keys(lock(app).recipes['validated-routes']!.files);
    edit(from, path!, above('// the cookbook'));
    commit(from, 'a change of the base');
    const { status, output } = recipe(from, 'add', 'plain-routes', '--to', app);
    expect(status, output).toBe(5);
    expect(output).toContain(`${path} came from a recipe the app's recipes.lock.json records`);
    expect(output).toContain('npm run recipe -- update --to');
  });
});

describe('npm run recipe -- status', { timeout: 60_000 }, () => {
  it('says every recipe is current, exit 0, when neither side changed', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'request', '--to', app);
    const { status, output } = recipe(from, 'status', '--to', app);
    expect(status, output).toBe(0);
    expect(output).toContain('9 files unchanged');
    expect(output).toContain('Every recipe is current.');
  });

  it('says a recipe is current, exit 0, when only the reader changed its files and config edits', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'request', '--to', app);
    edit(app, `${lib}/proxy.ts`, below('// the reader'));
    edit(app, 'vite.config.ts', (text) => text.replace('trustProxy: false', 'trustProxy: true'));
    const { status, output } = recipe(from, 'status', '--to', app);
    expect(status, output).toBe(0);
    expect(output).toMatch(new RegExp(`changed in the app +${lib}/proxy.ts`));
    expect(output).not.toContain('its edits of the app’s config changed here');
    expect(output).toContain('Every recipe is current.');
  });

  it('shows each file as changed in the app, here, or both, the packages behind and the changelog, exit 10', () => {
    const { from, app } = changedOnBothSides();
    const { status, output } = recipe(from, 'status', '--to', app);
    expect(status, output).toBe(10);
    expect(output).toMatch(new RegExp(`changed in the app +${lib}/address-key.ts`));
    expect(output).toMatch(new RegExp(`changed here since +${lib}/queued-bytes.ts`));
    expect(output).toMatch(new RegExp(`both +${lib}/proxy.ts`));
    expect(output).toMatch(new RegExp(`new here +${lib}/retry.ts`));
    expect(output).toMatch(new RegExp(`removed here +${lib}/linger.ts`));
    expect(output).toContain('package h3 1.15.11 → 1.15.99');
    expect(output).toContain('its edits of the app’s config changed here');
    expect(output).toMatch(/SECURITY [0-9a-f]{7} 2026-11-29 A hole closed\./);
  });
});

describe('npm run recipe -- update', { timeout: 60_000 }, () => {
  it('merges three ways: takes theirs, keeps ours, merges both, adds, removes, bumps, and the second run changes nothing', () => {
    const { from, app } = changedOnBothSides();
    const before = snapshot(app);
    const { status, output } = recipe(from, 'update', '--to', app);
    expect(status, output).toBe(0);
    expect(read(app, `${lib}/content-type.ts`)).toBe(before[`${lib}/content-type.ts`]);
    expect(read(app, `${lib}/address-key.ts`)).toMatch(/\/\/ the reader: ours\n$/);
    expect(read(app, `${lib}/queued-bytes.ts`)).toBe(read(from, `${lib}/queued-bytes.ts`));
    expect(read(app, `${lib}/proxy.ts`)).toBe(
      `// the cookbook: theirs, beside ours\n${read(root, `${lib}/proxy.ts`)}// the reader: ours, beside theirs\n`,
    );
    expect(read(app, `${lib}/retry.ts`)).toBe('export const retryAfterSeconds = 5;\n');
    expect(existsSync(join(app, `${lib}/linger.ts`))).toBe(false);
    expect(JSON.parse(read(app, 'package.json')).dependencies.h3).toBe('1.15.99');
    const vite = read(app, 'vite.config.ts');
    expect(vite).toContain('trustProxy: true');
    expect(vite).toContain('streamBytes: 2 * 1024');
    expect(lock(app).recipes['request']!.commit).toBe(git(from, 'rev-parse', 'HEAD'));

    const updated = snapshot(app);
    const again = recipe(from, 'update', '--to', app);
    expect(again.status, again.output).toBe(0);
    expect(again.output).toContain('nothing to change');
    expect(snapshot(app)).toEqual(updated);
    expect(recipe(from, 'status', '--to', app).status).toBe(0);
  });

  it('keeps what is the reader’s: their own file where the recipe adds one, a removed file they changed, a file they deleted, a package they pinned', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'request', '--to', app);
    write(app, `${lib}/retry.ts`, 'export const retryAfterSeconds = 1;\n');
    edit(app, `${lib}/linger.ts`, below('// the reader'));
    rmSync(join(app, `${lib}/proxy.ts`));
    edit(app, 'package.json', (text) => text.replace('"h3": "1.15.11"', '"h3": "1.15.20"'));

    write(from, `${lib}/retry.ts`, 'export const retryAfterSeconds = 5;\n');
    rmSync(join(from, `${lib}/linger.ts`));
    edit(from, `${lib}/proxy.ts`, above('// the cookbook'));
    editRecipe(from, 'request', (request) => {
      request.files = [
        ...request.files.filter(({ path }) => path !== `${lib}/linger.ts`),
        { path: `${lib}/retry.ts`, lines: 1 },
      ];
      request.packages['h3'] = '1.15.99';
    });
    commit(from, 'a fix upstream');

    const { status, output } = recipe(from, 'update', '--to', app);
    expect(status, output).toBe(5);
    expect(output).toContain(`conflict in ${lib}/retry.ts:`);
    expect(read(app, `${lib}/retry.ts`)).toBe('export const retryAfterSeconds = 1;\n');
    expect(output).toContain(
      `${lib}/linger.ts: kept, the recipe no longer has it and your copy has changes.`,
    );
    expect(read(app, `${lib}/linger.ts`)).toMatch(/\/\/ the reader\n$/);
    expect(output).toContain(`${lib}/proxy.ts: you deleted it, and it stays deleted.`);
    expect(existsSync(join(app, `${lib}/proxy.ts`))).toBe(false);
    expect(output).toContain('package.json: h3 stays at your 1.15.20; the recipe is tested with 1.15.99.');
    expect(JSON.parse(read(app, 'package.json')).dependencies.h3).toBe('1.15.20');
  });

  it('reports a config edit of the recipe’s on a line the reader changed, leaves that file, and tries again next time', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'request', '--to', app);
    edit(app, 'vite.config.ts', (text) => text.replace('trustProxy: false', 'trustProxy: true'));
    const ours = read(app, 'vite.config.ts');
    const recordedConfig = () => JSON.parse(read(app, 'recipes.lock.json')).recipes.request.config;
    const before = recordedConfig();
    editRecipe(from, 'request', (request) => {
      (request.config.nitro!['runtimeConfig'] as Record<string, unknown>)['trustProxy'] = 'loopback';
    });
    commit(from, 'a config change upstream');

    const { status, output } = recipe(from, 'update', '--to', app);
    expect(status, output).toBe(5);
    expect(output).toContain('conflict in vite.config.ts:');
    expect(output).toMatch(/yours:\n.*trustProxy: true/);
    expect(output).toMatch(/the recipe's:\n.*trustProxy: 'loopback'/);
    expect(read(app, 'vite.config.ts')).toBe(ours);
    expect(recordedConfig()).toEqual(before);
    expect(recipe(from, 'status', '--to', app).output).toContain(
      'its edits of the app’s config changed here',
    );
  });

  it('--dry-run shows the diff and writes nothing', () => {
    const { from, app } = changedOnBothSides();
    const before = snapshot(app);
    const { status, output } = recipe(from, 'update', 'request', '--to', app, '--dry-run');
    expect(status, output).toBe(0);
    expect(output).toContain(`+// the cookbook: theirs`);
    expect(output).toContain(`would delete ${lib}/linger.ts`);
    expect(output).toContain('-    "h3": "1.15.11"');
    expect(snapshot(app)).toEqual(before);
  });

  it('reports a conflict with its hunks and leaves that file as it was; --force writes it with markers', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'request', '--to', app);
    edit(app, `${lib}/cross-site.ts`, above('// the reader'));
    edit(from, `${lib}/cross-site.ts`, above('// the cookbook'));
    edit(from, `${lib}/proxy.ts`, above('// the cookbook'));
    commit(from, 'both change the first line');
    const ours = read(app, `${lib}/cross-site.ts`);
    const recorded = lock(app).recipes['request']!.files[`${lib}/cross-site.ts`];

    const { status, output } = recipe(from, 'update', '--to', app);
    expect(status, output).toBe(5);
    expect(output).toContain(`conflict in ${lib}/cross-site.ts:\n  at line 1, yours:\n    // the reader\n`);
    expect(output).toContain("the recipe's:\n    // the cookbook");
    expect(read(app, `${lib}/cross-site.ts`)).toBe(ours);
    expect(read(app, `${lib}/proxy.ts`)).toBe(read(from, `${lib}/proxy.ts`));
    expect(lock(app).recipes['request']!.files[`${lib}/cross-site.ts`]).toEqual(recorded);

    const forced = recipe(from, 'update', '--to', app, '--force');
    expect(forced.status, forced.output).toBe(5);
    expect(read(app, `${lib}/cross-site.ts`)).toMatch(
      /^<<<<<<< yours\n\/\/ the reader\n\|\|\|\|\|\|\| as added\n={7}\n\/\/ the cookbook\n>>>>>>> the recipe's\n/,
    );
  });
});

describe('npm run recipe -- remove', { timeout: 60_000 }, () => {
  it('removes the files, packages and config edits the app kept as written, and keeps a file the reader changed', () => {
    const from = cookbook();
    const app = stockApp();
    const stock = snapshot(app);
    recipe(from, 'add', 'request', '--to', app);
    edit(app, `${lib}/proxy.ts`, below('// the reader'));
    const { status, output } = recipe(from, 'remove', 'request', '--to', app);
    expect(status, output).toBe(0);
    expect(output).toContain(`${lib}/proxy.ts: kept, you changed it.`);
    const { [`${lib}/proxy.ts`]: kept, ...rest } = snapshot(app);
    expect(kept).toMatch(/\/\/ the reader\n$/);
    expect(rest).toEqual({ ...stock, 'recipes.lock.json': expect.any(String) });
    expect(lock(app).recipes).toEqual({});
  });

  it('keeps a package the reader set to another version, and removes the folders it leaves empty', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'request', '--to', app);
    edit(app, 'package.json', (text) => text.replace('"h3": "1.15.11"', '"h3": "1.15.20"'));
    const { status, output } = recipe(from, 'remove', 'request', '--to', app);
    expect(status, output).toBe(0);
    expect(output).toContain('package.json: h3 kept, you set it to 1.15.20.');
    expect(JSON.parse(read(app, 'package.json')).dependencies.h3).toBe('1.15.20');
    expect(existsSync(join(app, 'src/server/lib'))).toBe(false);
    expect(existsSync(join(app, 'src/server/routes'))).toBe(true);
  });

  it('keeps the config edit the reader changed and says so', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'request', '--to', app);
    edit(app, 'vite.config.ts', (text) => text.replace('trustProxy: false', 'trustProxy: true'));
    const edited = read(app, 'vite.config.ts');
    const { status, output } = recipe(from, 'remove', 'request', '--to', app);
    expect(status, output).toBe(0);
    expect(output).toContain('conflict in vite.config.ts');
    expect(output).toContain('undo the recipe’s part by hand');
    expect(read(app, 'vite.config.ts')).toBe(edited);
  });

  it('keeps a recipe another recipe in the record builds on, and says which', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'plain-routes', '--to', app);
    const before = snapshot(app);
    const { status, output } = recipe(from, 'remove', 'validated-routes', '--to', app);
    expect(status, output).toBe(0);
    expect(output).toContain('validated-routes stays: plain-routes in the record builds on it.');
    expect(snapshot(app)).toEqual(before);
  });
});

describe('npm run recipe -- status, update, remove on bad input', { timeout: 60_000 }, () => {
  const oneLine = (output: string) => {
    expect(output.trim().split('\n')).toHaveLength(1);
    expect(output).not.toMatch(/\n\s+at /);
  };

  it('refuses an app without a record, or with one that is not JSON or not a record (a field of the wrong type included), with exit 8 (add of a broken one too, writing nothing)', () => {
    const app = stockApp();
    const entry = (fields: string) =>
      `{"recipes": {"request": {"files": {}, "packages": {}, "config": {}, "tsconfigPaths": {}, ${fields}}}}`;
    for (const record of [
      undefined,
      '{ not json',
      '{"recipes": {"request": {"files": 1}}}',
      entry('"commit": 5'),
      entry('"packages": {"h3": 5}'),
      entry('"config": {"nitroModules": [{"name": 5}]}'),
      entry('"tsconfigPaths": {"#server-actions": 3}'),
    ]) {
      if (record !== undefined) write(app, 'recipes.lock.json', record);
      const commands = [['status'], ['update'], ['remove', 'request']];
      for (const args of record === undefined ? commands : [...commands, ['add', 'request']]) {
        const { status, output } = recipe(root, ...args, '--to', app);
        expect(status, output).toBe(8);
        expect(output).toContain('recipes.lock.json');
        oneLine(output);
        expect(existsSync(join(app, 'src/modules/request'))).toBe(false);
      }
    }
  });

  it('refuses a recipe the record does not have, or no recipe at all, with exit 2', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'request', '--to', app);
    for (const args of [
      ['update', 'sessions'],
      ['update', 'no-such-recipe'],
      ['remove', 'sessions'],
    ]) {
      const { status, output } = recipe(from, ...args, '--to', app);
      expect(status, output).toBe(2);
      expect(output).toContain('is not in the app’s record. Its recipes: request.'.replace('’', "'"));
      oneLine(output);
    }
    expect(recipe(from, 'remove', '--to', app).status).toBe(2);
  });

  it('refuses a record naming a file outside the app with exit 7, touching nothing there', () => {
    const from = cookbook();
    const app = stockApp();
    recipe(from, 'add', 'request', '--to', app);
    const outside = join(temporary('recipe-outside-'), 'kept.ts');
    writeFileSync(outside, 'export {};\n');
    const record = lock(app);
    record.recipes['request']!.files[relative(app, outside)] = {
      sha256: createHash('sha256').update('export {};\n').digest('hex'),
      commit: git(from, 'rev-parse', 'HEAD'),
    };
    write(app, 'recipes.lock.json', JSON.stringify(record));
    for (const args of [['update'], ['remove', 'request']]) {
      const { status, output } = recipe(from, ...args, '--to', app);
      expect(status, output).toBe(7);
      expect(output).toContain('lies outside');
      oneLine(output);
      expect(readFileSync(outside, 'utf8')).toBe('export {};\n');
    }
  });

  it('refuses a --from that is no clone of the cookbook, and an option it does not know, with exit 2', () => {
    const app = stockApp();
    for (const args of [
      ['add', 'request', '--from', temporary('recipe-no-cookbook-')],
      ['status', '--frobnicate'],
    ]) {
      const { status, output } = recipe(root, ...args, '--to', app);
      expect(status, output).toBe(2);
      oneLine(output);
      expect(existsSync(join(app, 'recipes.lock.json'))).toBe(false);
    }
  });

  it('refuses a --to that is no folder with exit 3', () => {
    const { status, output } = recipe(root, 'status', '--to', join(tmpdir(), 'no-such-app-folder'));
    expect(status, output).toBe(3);
    oneLine(output);
  });
});
