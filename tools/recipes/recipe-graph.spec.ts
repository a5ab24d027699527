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
 * The most lines a reader may copy for each recipe: its files and those of every recipe it depends on.
 * Issue 35 set these; where a recipe's own defences from issue 37 (the sessions' end and sign-in bound,
 * the server functions' per-address limit in the database) put it over, the number is the one proposed
 * in its closing note, with the beside it. Issue 42 added 75 to each recipe over its number then:
 * `definePageLoad` in the validated-routes base (72 lines), which every recipe copies; and 125 more to
 * those on the request base, whose budget (budget.ts, queued-bytes.ts, less address-slots.ts) grew it
 * from 283 to 403 lines, plus what each recipe's own fix costs (its comment says). Issue 43 added 50 to
 * each recipe over its number then: the database base runs node:sqlite beside better-sqlite3 (47 lines: the
 * driver's choice, node:sqlite's numbered error codes, loading one connector of two).
 */
const copyLimits: Record<string, number> = {
  sessions: 2_900, // issue 35: 2,200; issue 42: the budget, admins by age, the device cookie
  uploads: 3_875, // issue 35: 3,200 (sessions plus 953); issue 42: part files, the temporary-file budget
  websockets: 3_800, // issue 42: pings and queued bytes
  authorization: 3_250, // issue 35: 2,500 (sessions plus 361)
  'seal-cache': 2_950, // issue 35: 2,300 (sessions plus 41)
  pagination: 1_525,
  'cached-handler': 1_575,
  'live-updates': 2_300, // issue 35: 1,800; issue 42: queued bytes, one fetch after hydration
  'page-cache': 1_550, // issue 42: the security module's JSON depth check and the request base's budget
  idempotency: 2_150, // issue 35: 1,800; issue 42: callers by account, a ceiling for all callers
  housekeeping: 1_400,
  health: 1_475,
  // issue 35: 1,300 (the database and request bases are 1,278 of it); its module (issue 38) adds 7
  'server-functions': 1_925,
  'og-images': 1_100,
  webhooks: 1_450,
  'api-contract': 1_900,
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
