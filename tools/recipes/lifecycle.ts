// `status`, `update` and `remove`: a recipe's life in an app after `add`, from the record add left there
// (recipes.lock.json, lock.ts). A file is merged three ways with node-diff3: base = the text add wrote (from the
// cookbook's history), ours = the app's file, theirs = the cookbook's file now. The app's own files that add edited
// (vite.config.ts, tsconfig.json, app.config.ts, .env.example, …) are merged the same way: base and theirs are the
// stock app with the recorded recipes' edits and with the new ones, so an edit moves as a diff, beside the app's own.
import { createTwoFilesPatch } from 'diff';
import { diff3Merge, mergeDiff3 } from 'node-diff3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type AppReader, RecipeError, exitCodes, planAdd, stockAppOf } from './add';
import { editPackageJson, parsePackageJson, setPackageVersion } from './edits';
import {
  type CookbookVersion,
  type Lock,
  type LockedRecipe,
  baseText,
  commitsSince,
  lockRecipe,
  readChangelog,
  sha256,
} from './lock';
import type { Manifest, RecipeManifest } from './manifest';

const short = (commit: string | null) => commit?.slice(0, 7) ?? 'no commit';

/** The recipes named, each of them in the record; all of the record's when none is named. */
export function recordedNames(lock: Lock, names: string[]): string[] {
  const missing = names.filter((name) => !lock.recipes[name]);
  if (missing.length > 0)
    throw new RecipeError(
      `${missing.map((name) => `"${name}"`).join(', ')} is not in the app's record. Its recipes: ${Object.keys(lock.recipes).join(', ') || 'none'}.`,
      exitCodes.usage,
    );
  return names.length > 0 ? names : Object.keys(lock.recipes);
}

/** The cookbook (`root`, its manifest), the app's record and a reader of the app's files. */
export interface LifecycleContext {
  root: string;
  manifest: Manifest;
  lock: Lock;
  read: AppReader;
}

const current = ({ manifest }: LifecycleContext, name: string) =>
  manifest.recipes.find((recipe) => recipe.name === name && !recipe.pending);
const cookbookText = ({ root }: LifecycleContext, path: string) => readFileSync(join(root, path), 'utf8');

type FileState =
  'unchanged' | 'changed in the app' | 'changed here since' | 'both' | 'new here' | 'removed here';

/** Each file of the recipe as it stands in the app and here, against what add wrote. */
function fileStates(context: LifecycleContext, name: string): { path: string; state: FileState }[] {
  const locked = context.lock.recipes[name]!;
  const paths = current(context, name)?.files.map(({ path }) => path) ?? [];
  return [...new Set([...Object.keys(locked.files), ...paths])].sort().map((path) => {
    const was = locked.files[path];
    if (!was) return { path, state: 'new here' };
    if (!paths.includes(path)) return { path, state: 'removed here' };
    const ours = context.read(path);
    const app = ours === undefined || sha256(ours) !== was.sha256;
    const here = sha256(cookbookText(context, path)) !== was.sha256;
    const state =
      app && here ? 'both' : app ? 'changed in the app' : here ? 'changed here since' : 'unchanged';
    return { path, state };
  });
}

const appPackages = (read: AppReader) => {
  const pkg = parsePackageJson(read('package.json') ?? '{}');
  return { ...pkg['devDependencies'], ...pkg['dependencies'] };
};

/** Packages the recipe now lists at a version the app lacks and update would set (the app's own pin is kept). */
function packagesBehind(context: LifecycleContext, name: string) {
  const was = context.lock.recipes[name]!.packages;
  const ours = appPackages(context.read);
  return Object.entries(current(context, name)?.packages ?? {})
    .filter(([pkg, version]) => ours[pkg] !== version && (ours[pkg] === undefined || ours[pkg] === was[pkg]))
    .map(([pkg, version]) => ({ name: pkg, ours: ours[pkg], theirs: version }));
}

/** The recipes it builds on now that the app's record does not have: update leaves them to `add`. */
const missingDependencies = (context: LifecycleContext, recipe: RecipeManifest) =>
  recipe.dependsOn.filter((dependency) => !context.lock.recipes[dependency]);

const configOf = (recipe: Pick<LockedRecipe, 'config' | 'tsconfigPaths'>) =>
  JSON.stringify({ config: recipe.config, tsconfigPaths: recipe.tsconfigPaths });

/** `status`: 0 when every recipe in the record is current, exitCodes.updates when an update waits. */
export function status(context: LifecycleContext): number {
  const changelog = readChangelog(context.root);
  let waiting = 0;
  for (const [name, locked] of Object.entries(context.lock.recipes)) {
    const recipe = current(context, name);
    console.warn(`\n${name}: added or updated at ${short(locked.commit)} (${locked.date ?? 'no date'})`);
    if (!recipe) {
      console.warn('  no longer a recipe of this cookbook: `remove` takes it out');
      continue;
    }
    const states = fileStates(context, name);
    const unchanged = states.filter(({ state }) => state === 'unchanged').length;
    if (unchanged > 0) console.warn(`  ${unchanged} files unchanged`);
    for (const { path, state } of states.filter(({ state }) => state !== 'unchanged'))
      console.warn(`  ${state.padEnd(18)} ${path}`);
    const behind = packagesBehind(context, name);
    for (const { name: pkg, ours, theirs } of behind)
      console.warn(`  package ${pkg} ${ours ?? 'missing'} → ${theirs}`);
    const lacking = missingDependencies(context, recipe);
    for (const dependency of lacking)
      console.warn(
        `  now builds on ${dependency}, which the record lacks: add it with \`add ${dependency}\``,
      );
    const configChanged = configOf(locked) !== configOf(recipe);
    if (configChanged) console.warn('  its edits of the app’s config changed here');
    const since = locked.commit ? commitsSince(context.root, locked.commit) : undefined;
    const news = (changelog.get(name) ?? []).filter(({ commit }) =>
      since?.some((each) => each.startsWith(commit)),
    );
    for (const { commit, date, security, text } of news)
      console.warn(`  ${security ? 'SECURITY ' : ''}${commit} ${date} ${text}`);
    const waits =
      states.some(({ state }) => !['unchanged', 'changed in the app'].includes(state)) ||
      behind.length > 0 ||
      lacking.length > 0 ||
      configChanged;
    if (waits) waiting++;
  }
  console.warn(
    waiting > 0
      ? `\n${waiting} recipes have updates: npm run recipe -- update --to <app>`
      : '\nEvery recipe is current.',
  );
  return waiting > 0 ? exitCodes.updates : 0;
}

/** What update or remove does: the writes (null deletes the file), the conflicts, what it keeps and why, the new record. */
export interface Outcome {
  writes: Map<string, string | null>;
  conflicts: { path: string; hunks: string }[];
  notes: string[];
  lock: Lock;
}

/** ours, base and theirs merged line by line; the hunks that conflict, and the text with conflict markers. */
function merge(ours: string, base: string, theirs: string) {
  const [a, o, b] = [ours, base, theirs].map((text) => text.split('\n'));
  const conflicts = diff3Merge(a!, o!, b!).flatMap(({ conflict }) => (conflict ? [conflict] : []));
  const indent = (lines: string[]) => lines.map((line) => `    ${line}`).join('\n');
  const hunks = conflicts
    .map(({ a, aIndex, b }) => `  at line ${aIndex + 1}, yours:\n${indent(a)}\n  the recipe's:\n${indent(b)}`)
    .join('\n');
  const merged = mergeDiff3(a!, o!, b!, { label: { a: 'yours', o: 'as added', b: "the recipe's" } });
  return { conflict: conflicts.length > 0, hunks, text: merged.result.join('\n') };
}

/** The app's own files as the recipes' edits leave the stock app, for each set of recipe configs given. */
function configTexts(
  context: LifecycleContext,
  recipes: Record<string, Pick<LockedRecipe, 'config' | 'tsconfigPaths'>>,
) {
  const listed: RecipeManifest[] = Object.entries(recipes).map(([name, { config, tsconfigPaths }]) => ({
    ...(current(context, name) ?? ({ name, title: name } as RecipeManifest)),
    dependsOn: [],
    files: [],
    packages: {},
    config,
    tsconfigPaths,
    pending: undefined,
  }));
  // No recipe left: the stock app as the generator wrote it (planAdd would still give analog() its `{}`).
  if (listed.length === 0) return new Map<string, string>();
  const plan = planAdd({
    root: context.root,
    manifest: { ...context.manifest, recipes: listed },
    names: listed.map(({ name }) => name),
    app: stockAppOf(context.read),
    only: true,
  });
  return new Map(plan.changes.map(({ path, after }) => [path, after]));
}

/**
 * Merges the change from the recipes' edits `before` to those `after` into the app's own files. Returns
 * whether every file took it (a conflicting file is left as it was, or written with markers when `force`).
 */
function mergeConfig(
  context: LifecycleContext,
  outcome: Outcome,
  before: Record<string, LockedRecipe>,
  after: Record<string, LockedRecipe>,
  force: boolean,
): boolean {
  const [was, now] = [configTexts(context, before), configTexts(context, after)];
  const stock = (path: string) => readStock(context, path);
  let clean = true;
  for (const path of new Set([...was.keys(), ...now.keys()])) {
    const base = was.get(path) ?? stock(path);
    const theirs = now.get(path) ?? stock(path);
    const ours = read(context, outcome, path);
    if (base === theirs || ours === undefined) continue;
    const merged = merge(ours, base, theirs);
    if (merged.conflict) {
      outcome.conflicts.push({ path, hunks: merged.hunks });
      clean = false;
      if (!force) continue;
    }
    if (merged.text !== ours)
      outcome.writes.set(path, merged.text === '' && stock(path) === '' ? null : merged.text);
  }
  return clean;
}

const readStock = (context: LifecycleContext, path: string) => {
  try {
    return readFileSync(join(stockAppOf(context.read), path), 'utf8');
  } catch {
    return '';
  }
};

/** The app's file as the outcome so far leaves it. */
const read = (context: LifecycleContext, outcome: Outcome, path: string) =>
  outcome.writes.has(path) ? (outcome.writes.get(path) ?? undefined) : context.read(path);

/** Whether a recipe in the record other than `name` lists `path` among its files now. */
const otherHas = (context: LifecycleContext, name: string, path: string) =>
  Object.keys(context.lock.recipes).some(
    (other) => other !== name && current(context, other)?.files.some((file) => file.path === path),
  );

/** package.json with a package set to a version, or removed (undefined). */
function setPackage(context: LifecycleContext, outcome: Outcome, pkg: string, version: string | undefined) {
  const text = read(context, outcome, 'package.json')!;
  const after =
    version !== undefined && appPackages(() => text)[pkg] === undefined
      ? editPackageJson(text, { [pkg]: version }).text
      : setPackageVersion(text, pkg, version);
  outcome.writes.set('package.json', after);
}

/** `update`: the plan that brings the named recipes (all the record's by default) up to this cookbook. */
export function planUpdate(
  context: LifecycleContext,
  names: string[],
  version: CookbookVersion,
  force: boolean,
): Outcome {
  const lock: Lock = { ...context.lock, recipes: { ...context.lock.recipes } };
  const outcome: Outcome = { writes: new Map(), conflicts: [], notes: [], lock };
  const updated: Record<string, LockedRecipe> = { ...context.lock.recipes };
  for (const name of recordedNames(context.lock, names)) {
    const recipe = current(context, name);
    if (!recipe) {
      outcome.notes.push(`${name} is no longer a recipe of this cookbook: \`remove\` takes it out.`);
      continue;
    }
    for (const dependency of missingDependencies(context, recipe))
      outcome.notes.push(
        `${name} now builds on ${dependency}: add it with \`npm run recipe -- add ${dependency}\`.`,
      );
    const locked = context.lock.recipes[name]!;
    const fresh = lockRecipe(context.root, recipe, version);
    for (const { path, state } of fileStates(context, name)) {
      const ours = read(context, outcome, path);
      const was = locked.files[path];
      if (state === 'removed here') {
        if (ours === undefined || otherHas(context, name, path)) continue;
        if (sha256(ours) === was!.sha256) outcome.writes.set(path, null);
        else outcome.notes.push(`${path}: kept, the recipe no longer has it and your copy has changes.`);
        continue;
      }
      const theirs = cookbookText(context, path);
      if (state === 'unchanged' || state === 'changed in the app') {
        fresh.files[path] = was!;
        continue;
      }
      if (state === 'new here' && ours !== undefined && ours !== theirs) {
        const merged = merge(ours, '', theirs);
        outcome.conflicts.push({ path, hunks: merged.hunks });
        if (force) outcome.writes.set(path, merged.text);
        else delete fresh.files[path];
        continue;
      }
      if (ours === undefined && state === 'both') {
        outcome.notes.push(`${path}: you deleted it, and it stays deleted.`);
        continue;
      }
      if (ours === undefined || ours === theirs || state === 'changed here since' || state === 'new here') {
        if (ours !== theirs) outcome.writes.set(path, theirs);
        continue;
      }
      const base = baseText(context.root, path, was!);
      const merged = base === undefined ? undefined : merge(ours, base, theirs);
      if (merged && !merged.conflict) {
        outcome.writes.set(path, merged.text);
        continue;
      }
      outcome.conflicts.push({
        path,
        hunks:
          merged?.hunks ??
          `  the text it was added with (${short(was!.commit)}) is not in this cookbook's history: merge by hand`,
      });
      if (force && merged) outcome.writes.set(path, merged.text);
      else fresh.files[path] = was!;
    }

    const ours = appPackages((path) => read(context, outcome, path));
    for (const [pkg, theirs] of Object.entries(recipe.packages)) {
      if (ours[pkg] === theirs) continue;
      if (ours[pkg] === undefined || ours[pkg] === locked.packages[pkg])
        setPackage(context, outcome, pkg, theirs);
      else
        outcome.notes.push(
          `package.json: ${pkg} stays at your ${ours[pkg]}; the recipe is tested with ${theirs}.`,
        );
    }
    for (const [pkg, was] of Object.entries(locked.packages))
      if (!(pkg in recipe.packages) && ours[pkg] === was && !packageNeeded(context, name, pkg))
        setPackage(context, outcome, pkg, undefined);
    updated[name] = fresh;
  }
  const configClean = mergeConfig(context, outcome, context.lock.recipes, updated, force);
  for (const [name, fresh] of Object.entries(updated))
    lock.recipes[name] = configClean || force ? fresh : { ...fresh, ...pick(context.lock.recipes[name]!) };
  return outcome;
}

const pick = ({ config, tsconfigPaths }: LockedRecipe) => ({ config, tsconfigPaths });

/** Whether a recipe in the record other than `name` lists the package. */
const packageNeeded = (context: LifecycleContext, name: string, pkg: string) =>
  Object.entries(context.lock.recipes).some(
    ([other, locked]) =>
      other !== name && (pkg in locked.packages || pkg in (current(context, other)?.packages ?? {})),
  );

/** `remove`: the plan that takes the recipe's files, config edits and packages out of the app, except what is kept. */
export function planRemove(context: LifecycleContext, name: string): Outcome {
  recordedNames(context.lock, [name]);
  const { [name]: locked, ...rest } = context.lock.recipes;
  const outcome: Outcome = {
    writes: new Map(),
    conflicts: [],
    notes: [],
    lock: { ...context.lock, recipes: rest },
  };
  const dependents = Object.keys(rest).filter((other) => current(context, other)?.dependsOn.includes(name));
  if (dependents.length > 0) {
    outcome.notes.push(
      `${name} stays: ${dependents.join(', ')} in the record ${dependents.length > 1 ? 'build' : 'builds'} on it. Remove ${dependents.length > 1 ? 'them' : 'it'} first.`,
    );
    outcome.lock = context.lock;
    return outcome;
  }
  for (const [path, was] of Object.entries(locked!.files)) {
    const ours = context.read(path);
    if (ours === undefined) continue;
    if (otherHas(context, name, path) || Object.values(rest).some(({ files }) => path in files))
      outcome.notes.push(`${path}: kept, another recipe in the record has it.`);
    else if (sha256(ours) === was.sha256) outcome.writes.set(path, null);
    else outcome.notes.push(`${path}: kept, you changed it.`);
  }
  const ours = appPackages(context.read);
  for (const [pkg, was] of Object.entries(locked!.packages)) {
    if (ours[pkg] === undefined) continue;
    if (packageNeeded(context, name, pkg))
      outcome.notes.push(`package.json: ${pkg} kept, another recipe in the record lists it.`);
    else if (ours[pkg] === was) setPackage(context, outcome, pkg, undefined);
    else outcome.notes.push(`package.json: ${pkg} kept, you set it to ${ours[pkg]}.`);
  }
  if (!mergeConfig(context, outcome, context.lock.recipes, rest, false))
    outcome.notes.push(
      'A file in conflict keeps the recipe’s edits, since you changed lines of theirs: undo the recipe’s part by hand.',
    );
  return outcome;
}

/** What the outcome does, as the lines the command prints (`dryRun`: as diffs). */
export function outcomeLines(context: LifecycleContext, outcome: Outcome, dryRun: boolean): string[] {
  const lines: string[] = [];
  for (const [path, after] of outcome.writes) {
    const before = context.read(path);
    if (after === null) lines.push(`  ${dryRun ? 'would delete' : 'deleted'} ${path}`);
    else if (dryRun)
      lines.push(createTwoFilesPatch(`${path} (yours)`, `${path} (updated)`, before ?? '', after));
    else lines.push(`  ${before === undefined ? 'new    ' : 'updated'} ${path}`);
  }
  for (const { path, hunks } of outcome.conflicts) lines.push(`  conflict in ${path}:\n${hunks}`);
  for (const note of outcome.notes) lines.push(`  ${note}`);
  return lines;
}
