import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { copyEnd, copyStart, copySteps, withCopySteps } from './copy-steps';
import { buildManifest, shadowsPackageEntry } from './manifest';
import type { Recipe } from './recipes';
import { manifestText, recipeTree, treeEnd, treeStart, withRecipeTrees } from './trees';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = buildManifest(root);
const ready = manifest.recipes.filter(({ pending }) => !pending);
const recipe = (overrides: Partial<Recipe>): Recipe => ({
  name: 'example',
  kind: 'lesson',
  title: 'Example',
  docs: 'docs/example.md',
  entries: [],
  dependsOn: [],
  config: {},
  specs: [],
  requests: [],
  ...overrides,
});

describe('the recipe manifest', () => {
  it('is tools/recipes/manifest.json, exactly (run `npm run recipes` after changing a recipe or its files)', () => {
    expect(readFileSync(join(root, 'tools/recipes/manifest.json'), 'utf8')).toBe(manifestText(manifest));
  });

  it('has no problem: every entry, import and spec exists, every runtimeConfig key is set, no alias shadows a package', () => {
    expect(manifest.problems).toEqual([]);
  });

  it('lists the recipes the issue names, each with files, a proving spec and requests for its routes and pages', () => {
    expect(manifest.recipes.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'validated-routes',
        'database',
        'sessions',
        'authorization',
        'uploads',
        'pagination',
      ]),
    );
    for (const each of ready) {
      expect(each.files.length, each.name).toBeGreaterThan(0);
      const answers = each.files.some(({ path }) => /^src\/(server\/routes|app\/pages)\//.test(path));
      if (answers) expect(each.requests.length, each.name).toBeGreaterThan(0);
      expect(each.specs.length, each.name).toBeGreaterThan(0);
    }
  });

  it('leaves the files of the recipes a recipe depends on to them, and lists those recipes', () => {
    const sessions = manifest.recipes.find(({ name }) => name === 'sessions')!;
    expect(sessions.dependsOn).toEqual(['validated-routes', 'request', 'database']);
    const paths = sessions.files.map(({ path }) => path);
    expect(paths).toContain('src/server/lib/auth/sessions.ts');
    expect(paths).not.toContain('src/server/lib/db/database.ts');
    expect(paths).not.toContain('src/backports/analog-server-actions/index.ts');
  });

  it('follows Angular templates, and maps bare imports to package.json versions', () => {
    const sessions = manifest.recipes.find(({ name }) => name === 'sessions')!;
    expect(sessions.files.map(({ path }) => path)).toContain('src/app/account/credentials-form.html');
    expect(manifest.recipes.find(({ name }) => name === 'database')!.packages).toMatchObject({
      db0: '0.3.4',
      pg: '8.23.1',
    });
  });

  it('gives the backport an alias of its own, which the validated routes carry', () => {
    expect(manifest.recipes.find(({ name }) => name === 'validated-routes')!.tsconfigPaths).toEqual({
      '#server-actions': ['./src/backports/analog-server-actions/index.ts'],
    });
  });
});

describe('buildManifest', () => {
  it('reports an alias named like an entry its package publishes: a stock app would load the package', () => {
    expect(shadowsPackageEntry(root, '@analogjs/router/server/actions')).toBe(true);
    expect(shadowsPackageEntry(root, '@analogjs/router/server/missing')).toBe(false);
    expect(shadowsPackageEntry(root, '#server-actions')).toBe(false);
  });

  it('reports a runtimeConfig key the recipe reads but does not set, and an entry that is missing', () => {
    const { problems } = buildManifest(root, [
      recipe({ entries: ['src/server/lib/db/data-dir.ts', 'src/server/routes/api/v1/gone.get.ts'] }),
    ]);
    expect(problems).toEqual([
      'example: entry src/server/routes/api/v1/gone.get.ts does not exist',
      'example: reads runtimeConfig "dataDir", which no config.nitro.runtimeConfig of it or its dependencies sets',
    ]);
  });

  it("copies a dependency's files with the recipe that reaches them when it is not declared", () => {
    const entries = ['src/server/routes/api/v1/search.get.ts'];
    const alone = buildManifest(root, [recipe({ entries })]).recipes[0]!;
    expect(alone.files.map(({ path }) => path)).toContain(
      'src/backports/analog-server-actions/define-route.ts',
    );
    const [, onTop] = buildManifest(root, [
      recipe({ name: 'base', entries: ['src/backports/analog-server-actions/index.ts'] }),
      recipe({ entries, dependsOn: ['base'] }),
    ]).recipes;
    expect(onTop!.files.map(({ path }) => path)).toEqual([
      'src/server/routes/api/v1/search.get.ts',
      'src/shared/products.ts',
    ]);
  });
});

describe('each docs page', () => {
  it.each(ready.map((each) => [each.name, each] as const))(
    "shows the %s recipe's tree from the manifest (run `npm run recipes`)",
    (name, each) => {
      const page = readFileSync(join(root, each.docs), 'utf8');
      const start = page.indexOf(treeStart(name));
      expect(start, `${each.docs} lacks ${treeStart(name)}`).toBeGreaterThanOrEqual(0);
      const current = page.slice(start, page.indexOf(treeEnd(name)) + treeEnd(name).length);
      expect(current).toBe(`${treeStart(name)}\n${recipeTree(each, each.docs)}\n${treeEnd(name)}`);
      expect(current, 'links its changelog').toContain(`tools/recipes/CHANGELOG.md#${name})`);
    },
  );

  it.each(ready.map((each) => [each.name, each] as const))(
    "shows how to copy the %s recipe, with the command and by hand, as the command's plan has it (run `npm run recipes`)",
    (name, each) => {
      const page = readFileSync(join(root, each.docs), 'utf8');
      const start = page.indexOf(copyStart(name));
      expect(start, `${each.docs} lacks ${copyStart(name)}`).toBeGreaterThanOrEqual(0);
      const current = page.slice(start, page.indexOf(copyEnd(name)) + copyEnd(name).length);
      expect(current).toBe(`${copyStart(name)}\n${copySteps(manifest, name, root)}\n${copyEnd(name)}`);
    },
  );

  it("gets its copy steps rewritten between the markers, and nothing else: the stock app's edits, as diffs", () => {
    const page = ['# Page', copyStart('webhooks'), 'stale', copyEnd('webhooks'), 'after'].join('\n');
    const steps = copySteps(manifest, 'webhooks', root);
    expect(withCopySteps(page, manifest, root)).toBe(
      ['# Page', copyStart('webhooks'), steps, copyEnd('webhooks'), 'after'].join('\n'),
    );
    expect(steps).toContain('npm run recipe -- add webhooks --to ../my-app');
    expect(steps).toContain('first add [`validated-routes`](validated-routes.md), [`database`](data.md)');
    expect(steps).toContain(
      "+          '/api/v1/webhooks/payments': {\n   +            bodyLimit: 64 * 1024,",
    );
    expect(steps).toContain('| `WEBHOOK_SECRET` |');
  });

  it('gets its tree rewritten between the markers, and nothing else', () => {
    const validated = ready[0]!;
    const page = ['# Page', treeStart(validated.name), 'stale', treeEnd(validated.name), 'after'].join('\n');
    expect(withRecipeTrees(page, manifest)).toBe(
      [
        '# Page',
        treeStart(validated.name),
        recipeTree(validated, validated.docs),
        treeEnd(validated.name),
        'after',
      ].join('\n'),
    );
  });
});
