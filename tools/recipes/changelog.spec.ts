import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { readChangelog } from './lock';
import type { Manifest } from './manifest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'tools/recipes/manifest.json'), 'utf8')) as Manifest;
const changelog = readChangelog(root);
/** The changelog names every commit from this one on (the oldest of the last 30 that changed a recipe file then). */
const start = '8113eb7';

/** The commits since the changelog began that changed one of the recipe's own files. */
const commitsChanging = (paths: string[]) =>
  spawnSync('git', ['log', '--no-merges', '--format=%h', '--abbrev=7', `${start}^..HEAD`, '--', ...paths], {
    cwd: root,
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter(Boolean);

describe('tools/recipes/CHANGELOG.md', () => {
  it('has a section for every recipe', () => {
    const ready = manifest.recipes.filter(({ pending }) => !pending).map(({ name }) => name);
    expect([...changelog.keys()].sort()).toEqual(ready.sort());
  });

  it('is linked from docs/recipes.md, recipe by recipe', () => {
    const page = readFileSync(join(root, 'docs/recipes.md'), 'utf8');
    for (const name of changelog.keys()) expect(page).toContain(`(../tools/recipes/CHANGELOG.md#${name})`);
  });

  it.each(
    manifest.recipes.filter(({ pending }) => !pending).map(({ name, files }) => [name, files] as const),
  )('names, under %s, every commit since it began that changed one of its files', (name, files) => {
    const named = (changelog.get(name) ?? []).map(({ commit }) => commit);
    const missing = commitsChanging(files.map(({ path }) => path)).filter(
      (commit) => !named.some((each) => each.startsWith(commit) || commit.startsWith(each)),
    );
    expect(missing, `add a line for each under "## ${name}" in tools/recipes/CHANGELOG.md`).toEqual([]);
  });
});
