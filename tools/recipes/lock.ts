// recipes.lock.json: what `npm run recipe -- add` wrote into an app, for `status`, `update` and `remove`.
// Each file is kept as a sha256 of the text written and the cookbook commit it came from: the command copies a
// recipe's file as it is, so `git show <commit>:<path>` is that text, and the hash proves it (a file added from an
// uncommitted change has no base in the history, and is then merged by nobody: see lifecycle.ts).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { RecipeError, exitCodes } from './add';
import type { RecipeManifest } from './manifest';
import type { RecipeConfig } from './recipes';

export const lockFile = 'recipes.lock.json';

/** The cookbook's version: its git commit and that commit's date (both null outside a git clone). */
export interface CookbookVersion {
  commit: string | null;
  date: string | null;
}

export interface LockedFile {
  sha256: string;
  /** The cookbook commit the text came from: the merge base of the next update. */
  commit: string | null;
}

export interface LockedRecipe extends CookbookVersion {
  files: Record<string, LockedFile>;
  /** The packages it lists, at the versions it asked for. */
  packages: Record<string, string>;
  /** Its edits of the app's own files, as the recipe stated them (vite.config.ts, tsconfig.json, …). */
  config: RecipeConfig;
  tsconfigPaths: Record<string, string[]>;
}

export interface Lock {
  note: string;
  recipes: Record<string, LockedRecipe>;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const git = (root: string, ...args: string[]) => {
  const { status, stdout } = spawnSync('git', ['-C', root, ...args], { encoding: 'utf8' });
  return status === 0 ? stdout : undefined;
};

export function cookbookVersion(root: string): CookbookVersion {
  const [commit, date] = git(root, 'log', '-1', '--format=%H%n%cI')?.trim().split('\n') ?? [];
  return { commit: commit ?? null, date: date ?? null };
}

/** The text the file was written with, from the cookbook's history; undefined when the history lacks it. */
export function baseText(root: string, path: string, locked: LockedFile): string | undefined {
  if (!locked.commit) return undefined;
  const text = git(root, 'show', `${locked.commit}:${path}`);
  return text !== undefined && sha256(text) === locked.sha256 ? text : undefined;
}

/** The commits after `commit` up to the cookbook's HEAD (undefined when `commit` is not in its history). */
export function commitsSince(root: string, commit: string): string[] | undefined {
  return git(root, 'rev-list', `${commit}..HEAD`)?.trim().split('\n').filter(Boolean);
}

/** The record of one recipe written now at `version`, its files by the text each has in the cookbook. */
export function lockRecipe(root: string, recipe: RecipeManifest, version: CookbookVersion): LockedRecipe {
  return {
    ...version,
    files: Object.fromEntries(
      recipe.files.map(({ path }) => [
        path,
        { sha256: sha256(readFileSync(join(root, path), 'utf8')), commit: version.commit },
      ]),
    ),
    packages: recipe.packages,
    config: recipe.config,
    tsconfigPaths: recipe.tsconfigPaths,
  };
}

export const emptyLock = (): Lock => ({
  note: 'Written by `npm run recipe` (docs/recipes.md): what each recipe wrote into this app. Commit it; edit it never.',
  recipes: {},
});

export const lockText = (lock: Lock) => `${JSON.stringify(lock, null, 2)}\n`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** A commit or date: a string, or null outside a git clone. */
const isCommit = (value: unknown) => value === null || value === undefined || typeof value === 'string';

/** A recipe's config as RecipeConfig (recipes.ts) has it: lists of calls or of strings, the rest objects. */
const isCall = (call: unknown) =>
  isObject(call) && ['name', 'from', 'call'].every((key) => typeof call[key] === 'string');
const configCalls = [
  'nitroModules',
  'vitePlugins',
  'viteImports',
  'appProviders',
  'interceptors',
  'serverProviders',
];
const isConfig = (config: unknown) =>
  isObject(config) &&
  Object.entries(config).every(([key, value]) =>
    configCalls.includes(key)
      ? Array.isArray(value) && value.every(isCall)
      : key === 'lib' || key === 'steps'
        ? Array.isArray(value) && value.every((item) => typeof item === 'string')
        : key === 'renderWrapper'
          ? isCall(value)
          : isObject(value),
  );

/** The app's record, refused with one line when it is missing or not one `add` wrote. */
export function parseLock(text: string | undefined, app: string): Lock {
  if (text === undefined)
    throw new RecipeError(
      `${join(app, lockFile)} does not exist: only recipes added with \`npm run recipe -- add\` have a record to follow.`,
      exitCodes.noRecord,
    );
  let lock: unknown;
  try {
    lock = JSON.parse(text);
  } catch (error) {
    throw new RecipeError(
      `${join(app, lockFile)} is not valid JSON (${(error as Error).message}): restore it from your history.`,
      exitCodes.noRecord,
    );
  }
  const valid =
    isObject(lock) &&
    isObject(lock['recipes']) &&
    Object.values(lock['recipes']).every(
      (recipe) =>
        isObject(recipe) &&
        isCommit(recipe['commit']) &&
        isCommit(recipe['date']) &&
        isObject(recipe['files']) &&
        Object.values(recipe['files']).every(
          (file) => isObject(file) && typeof file['sha256'] === 'string' && isCommit(file['commit']),
        ) &&
        isObject(recipe['packages']) &&
        Object.values(recipe['packages']).every((version) => typeof version === 'string') &&
        isObject(recipe['tsconfigPaths']) &&
        Object.values(recipe['tsconfigPaths']).every(
          (targets) => Array.isArray(targets) && targets.every((target) => typeof target === 'string'),
        ) &&
        isConfig(recipe['config']),
    );
  if (!valid)
    throw new RecipeError(
      `${join(app, lockFile)} is not a record \`npm run recipe -- add\` wrote: restore it from your history.`,
      exitCodes.noRecord,
    );
  return lock as Lock;
}

export interface ChangelogEntry {
  commit: string;
  date: string;
  security: boolean;
  text: string;
}

/**
 * tools/recipes/CHANGELOG.md by recipe: under `## <recipe>`, one line per commit that changed its files,
 * `` - `<commit>` <date> [**security**] <what changed> ``.
 */
export function readChangelog(root: string): Map<string, ChangelogEntry[]> {
  const changelog = new Map<string, ChangelogEntry[]>();
  let entries: ChangelogEntry[] | undefined;
  for (const line of readFileSync(join(root, 'tools/recipes/CHANGELOG.md'), 'utf8').split('\n')) {
    const heading = /^## (\S+)$/.exec(line);
    if (heading) changelog.set(heading[1]!, (entries = []));
    const entry = /^- `([0-9a-f]{7,40})` (\d{4}-\d\d-\d\d) (\*\*security\*\* )?(.+)$/.exec(line);
    if (entry && entries)
      entries.push({ commit: entry[1]!, date: entry[2]!, security: !!entry[3], text: entry[4]! });
  }
  return changelog;
}

/** The paths among `paths` the cookbook's clone has changes of that are not committed. */
export const uncommitted = (root: string, paths: string[]) =>
  (git(root, 'status', '--porcelain', '--', ...paths) ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
