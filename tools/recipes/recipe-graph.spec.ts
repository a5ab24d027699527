import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { compilerOptions, importsOf } from './graph';
import { buildManifest } from './manifest';
import { appShell, sharedFiles } from './recipes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { recipes } = buildManifest(root);
const byName = new Map(recipes.map((recipe) => [recipe.name, recipe]));

/**
 * The most lines a reader may copy for each recipe (its files and those of every recipe it depends on):
 * what each copied on 2026-11-28 (b564204), before the one budget, `definePageLoad`, node:sqlite and
 * the form field landed. Issue 44: no copy grows; a change that needs lines makes room in the same copy.
 */
const copyLimits: Record<string, number> = {
  'validated-routes': 512,
  'plain-routes': 700,
  cors: 619,
  request: 283,
  database: 996,
  'statement-cache': 1_279,
  'named-statements': 1_257,
  security: 1_136,
  sessions: 2_503,
  account: 2_884,
  'seal-cache': 2_544,
  authorization: 2_864,
  uploads: 3_456,
  todos: 1_206,
  pagination: 1_383,
  'cached-handler': 1_417,
  'live-updates': 1_981,
  'page-cache': 1_372,
  websockets: 3_380,
  'server-functions': 1_653,
  'api-contract': 1_795,
  idempotency: 1_845,
  housekeeping: 1_263,
  health: 1_334,
  webhooks: 1_292,
  'og-images': 897,
};

/** What only the api-contract recipe may hold: the typed client, its contract module and the generated route map. */
const contractOnly = [
  'src/modules/api-contract/',
  'src/app/shared/api-client.ts',
  'src/server/api-routes.gen.ts',
];

describe('the recipes', () => {
  it.each(Object.entries(copyLimits))('copy %s in at most %i lines', (name, limit) => {
    expect(byName.get(name)?.copy.lines, name).toBeLessThanOrEqual(limit);
  });

  it('each have a copy limit', () => {
    expect(Object.keys(copyLimits).sort()).toEqual(recipes.map(({ name }) => name).sort());
  });

  it('each depend on four others at most, counted transitively', () => {
    const over = recipes.filter(({ dependsOn }) => dependsOn.length > 4);
    expect(over.map(({ name, dependsOn }) => `${name}: ${dependsOn.join(', ')}`)).toEqual([]);
  });

  it('lessons build on the base and, about an owner, on sessions; never on an add-on or another lesson', () => {
    const allowed = (name: string) => byName.get(name)?.kind === 'base' || name === 'sessions';
    const lessons = recipes.filter(({ kind }) => kind === 'lesson');
    expect(lessons.length).toBeGreaterThan(5);
    expect(
      lessons.flatMap(({ name, dependsOn }) =>
        dependsOn.filter((each) => !allowed(each)).map((each) => `${name} → ${each}`),
      ),
    ).toEqual([]);
  });

  it('the base builds on nothing but the base', () => {
    const base = recipes.filter(({ kind }) => kind === 'base');
    expect(
      base.flatMap(({ name, dependsOn }) =>
        dependsOn.filter((each) => byName.get(each)?.kind !== 'base').map((each) => `${name} → ${each}`),
      ),
    ).toEqual([]);
  });

  it('no lesson file imports the typed client, the contract module or the generated route map', () => {
    const options = compilerOptions(root);
    const reaches = recipes
      .filter(({ kind }) => kind === 'lesson')
      .flatMap(({ name, files }) =>
        files
          .filter(({ path }) => /\.(ts|mts)$/.test(path))
          .flatMap(({ path }) =>
            importsOf(root, join(root, path), options)
              .files.filter((file) => contractOnly.some((forbidden) => file.startsWith(forbidden)))
              .map((file) => `${name}: ${path} imports ${file}`),
          ),
      );
    expect(reaches).toEqual([]);
  });
});

describe('every file under src/', () => {
  const sources = readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(spec|test-d)\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length))
    .sort();

  const owners = new Map<string, string[]>();
  for (const { name, files } of recipes)
    for (const { path } of files) owners.set(path, [...(owners.get(path) ?? []), name]);
  // A folder's README goes with the recipe that holds the folder's index.ts.
  for (const path of sources.filter((each) => each.endsWith('/README.md'))) {
    const index = owners.get(path.replace(/README\.md$/, 'index.ts'));
    if (index) owners.set(path, index);
  }
  for (const path of appShell) owners.set(path, [...(owners.get(path) ?? []), 'app shell']);

  it('belongs to exactly one recipe or to the app shell, unless lessons share it', () => {
    expect(sources.length).toBeGreaterThan(200);
    expect(
      sources
        .filter((path) => owners.get(path)?.length !== 1 && !sharedFiles.includes(path))
        .map((path) => `${path}: ${owners.get(path)?.join(', ') ?? 'none'}`),
    ).toEqual([]);
  });

  it('that lessons share belongs to two or more lessons, none of which builds on another', () => {
    const misfits = sharedFiles.filter((path) => {
      const holders = (owners.get(path) ?? []).map((name) => byName.get(name));
      return (
        holders.length < 2 ||
        holders.some((holder) => holder?.kind !== 'lesson') ||
        holders.some((holder) => holders.some((other) => holder!.dependsOn.includes(other!.name)))
      );
    });
    expect(misfits.map((path) => `${path}: ${owners.get(path)?.join(', ') ?? 'none'}`)).toEqual([]);
  });

  it('the app shell lists only files that exist', () => {
    expect(appShell.filter((path) => !sources.includes(path))).toEqual([]);
  });
});
