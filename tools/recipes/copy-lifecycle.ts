// The copy test's life cycle (issue 43): an app takes its recipes from an older commit of this repository, its
// reader edits a file, `update` brings it to HEAD, `remove` takes a recipe out, and the app is then built and
// checked as any other (copy-test.ts). No extra build: the one after the update is the one checked.
//
// The window: the last 30 commits that changed a recipe's file. The old cookbook is the parent of the oldest of
// them, one commit for every app (simple, and the longest way an update has to go), checked out once as a git
// worktree (no network) and removed at the end. HEAD's own command adds from it (`add --from <worktree>`), so the
// record names the old commit and `update` finds each base text by that commit in this repository's history.
//
// An app goes through the life cycle when its recipe (the one no other builds on) changed in the window, or when
// it is the first app with a changed recipe that no such app has. In it, step by step:
//   1. `add <recipe> <other> --from <old>`: <other>, to be removed in step 5, is a recipe no other builds on that
//      the app lacks and that builds only on the app's recipes, the smallest that edits the app's config (none
//      fits the app of page-cache);
//   2. the reader edits a file the window changed: a line of theirs at its start or end, away from every change,
//      and a change of a line the window changed;
//   3. `update`: exit 5, the conflict's hunk printed, that file as it was;
//   4. the reader takes back the conflicting change; `update`: exit 0, the file is HEAD's plus the reader's line;
//   5. `remove <other>`: exit 0;
//   6. the app is, file for file, what HEAD's `add <recipe>` writes into the stock app, but the reader's line.
// Every step takes the app's folder and the stock app it was copied from, whichever template that is.
import { structuredPatch } from 'diff';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';

import { planAdd } from './add';
import type { Manifest, RecipeManifest } from './manifest';

/** How many of the latest commits that changed a recipe's file the life cycle goes back over. */
const windowSize = 30;

const git = (root: string, ...args: string[]) => {
  const { status, stdout, stderr } = spawnSync('git', ['-C', root, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (status !== 0) throw new Error(`git ${args.join(' ')} failed: ${stderr}`);
  return stdout;
};

/** `npm run recipe -- …` from this repository: its exit code and output. */
function recipe(root: string, ...args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'recipe', '--', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}

const expectExit = async (root: string, status: number, args: string[]) => {
  const ran = await recipe(root, ...args);
  if (ran.status !== status)
    throw new Error(
      `npm run recipe -- ${args.join(' ')} exited ${ran.status}, expected ${status}:\n${ran.output}`,
    );
  return ran.output;
};

/** A full line comment in the file's language, or undefined where the test knows none. */
const commentSyntax: Record<string, (text: string) => string> = {
  '.ts': (text) => `// ${text}`,
  '.js': (text) => `// ${text}`,
  '.mjs': (text) => `// ${text}`,
  '.sql': (text) => `-- ${text}`,
  '.html': (text) => `<!-- ${text} -->`,
  '.css': (text) => `/* ${text} */`,
};

/** The reader's two edits of one file: a line away from the window's changes, and a change of a line it changed. */
interface ReaderEdit {
  path: string;
  /** The line the reader adds, at the file's start or end. */
  line: string;
  at: 'start' | 'end';
  /** The file as added, with the reader's line; and with the conflicting change too. */
  kept: string;
  conflicting: string;
  /** The line of the window's change the conflicting edit touches, as the reader left it. */
  conflictLine: string;
}

const withLine = (text: string, line: string, at: 'start' | 'end') =>
  at === 'start' ? `${line}\n${text}` : text.endsWith('\n') ? `${text}${line}\n` : `${text}\n${line}`;

/**
 * The reader's edits of `path` from its text at `base` to HEAD's, or undefined when the file has no start or
 * end two lines away from every change of the window (a merge would count a neighbouring line as a conflict).
 */
function readerEdit(path: string, base: string, head: string): ReaderEdit | undefined {
  const comment = commentSyntax[extname(path)];
  if (!comment) return undefined;
  const hunks = structuredPatch(path, path, base, head, '', '', { context: 0 }).hunks;
  if (hunks.length === 0) return undefined;
  const lines = base.split('\n');
  const last = base.endsWith('\n') ? lines.length - 1 : lines.length;
  // Each hunk's lines of the base, 0-based, widened by two on either side.
  const near = (index: number) =>
    hunks.some(({ oldStart, oldLines }) => index >= oldStart - 3 && index <= oldStart - 1 + oldLines + 2);
  const at = !near(last) ? 'end' : !near(0) ? 'start' : undefined;
  if (!at) return undefined;
  const line = comment("the reader's note: kept through every update");
  const kept = withLine(base, line, at);
  // The first hunk that replaces lines: the reader changes its first line too; one that only inserts: the reader
  // inserts their own line at the same place.
  const hunk = hunks.find(({ oldLines }) => oldLines > 0) ?? hunks[0]!;
  const index = hunk.oldStart - 1;
  const conflictLine =
    hunk.oldLines > 0 ? `${lines[index]} ${comment("the reader's change")}` : comment("the reader's line");
  const edited = [...lines];
  edited.splice(index, hunk.oldLines > 0 ? 1 : 0, conflictLine);
  return { path, line, at, kept, conflicting: withLine(edited.join('\n'), line, at), conflictLine };
}

/** Every file under `folder` but node_modules, dist and the record, with its text. */
function files(folder: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    // What an install or a build adds (a stock app's package-lock.json is its template's install, never copied).
    if (
      /(^|[\\/])(node_modules|dist)([\\/]|$)/.test(path) ||
      /^(recipes\.lock|package-lock)\.json$/.test(path)
    )
      continue;
    if (statSync(join(folder, path)).isFile()) found.set(path, readFileSync(join(folder, path), 'utf8'));
  }
  return found;
}

export interface LifeCycle {
  /** The old cookbook's commit. */
  base: string;
  /** The recipes whose files changed since `base`, each with the paths that changed. */
  changed: Map<string, string[]>;
  /** Whether the app of `recipe` goes through the life cycle. */
  includes(recipe: RecipeManifest): boolean;
  /** Steps 1 to 6 on `app`, a fresh copy of `stockApp` (no node_modules): what it did, or throws what failed. */
  assemble(app: string, stockApp: string, recipe: RecipeManifest): Promise<string>;
  /** Removes the old cookbook's worktree. */
  close(): void;
}

/** The life cycle for the apps of `chosen` (each with the recipes it builds on, `withDependencies`). */
export function lifeCycle(
  root: string,
  manifest: Manifest,
  chosen: RecipeManifest[],
  withDependencies: (recipe: RecipeManifest) => RecipeManifest[],
): LifeCycle {
  const ready = manifest.recipes.filter(({ pending }) => !pending);
  const paths = [...new Set(ready.flatMap(({ files }) => files.map(({ path }) => path)))];
  const commits = git(root, 'log', '--no-merges', '--format=%H', '-n', String(windowSize), '--', ...paths)
    .split('\n')
    .filter(Boolean);
  const base = git(root, 'rev-parse', `${commits.at(-1)}^`).trim();
  const changedPaths = new Set(
    git(root, 'diff', '--name-only', base, 'HEAD', '--', ...paths)
      .split('\n')
      .filter(Boolean),
  );
  const changed = new Map(
    ready.flatMap(({ name, files }) => {
      const own = files.map(({ path }) => path).filter((path) => changedPaths.has(path));
      return own.length > 0 ? [[name, own] as const] : [];
    }),
  );
  // The recipes the old cookbook has ready: only those can be added from it.
  const old = new Set(
    (JSON.parse(git(root, 'show', `${base}:tools/recipes/manifest.json`)) as Manifest).recipes
      .filter(({ pending }) => !pending)
      .map(({ name }) => name),
  );
  const possible = chosen.filter((leaf) => withDependencies(leaf).every(({ name }) => old.has(name)));
  const apps = new Set(possible.filter(({ name }) => changed.has(name)).map(({ name }) => name));
  for (const name of changed.keys()) {
    const has = (leaf: RecipeManifest) => withDependencies(leaf).some((each) => each.name === name);
    const first = possible.find(has);
    if (first && !possible.some((leaf) => apps.has(leaf.name) && has(leaf))) apps.add(first.name);
  }

  let worktree: string | undefined;
  const oldCookbook = () => {
    if (!worktree) {
      const folder = mkdtempSync(join(tmpdir(), 'recipe-cookbook-'));
      git(root, 'worktree', 'add', '--detach', '--quiet', folder, base);
      worktree = folder;
    }
    return worktree;
  };
  const atBase = (path: string) => {
    const { status, stdout } = spawnSync('git', ['-C', root, 'show', `${base}:${path}`], {
      encoding: 'utf8',
    });
    return status === 0 ? stdout : undefined;
  };

  /** 1 when the recipe edits the app's config (vite.config.ts, tsconfig.json, …), which remove must undo. */
  const edits = ({ config }: RecipeManifest) => (Object.keys(config).length > 0 ? 1 : 0);
  /**
   * The recipe added beside the app's and removed again: one the app lacks that builds only on the app's own
   * recipes, editing the app's config if one does, the smallest.
   */
  const otherFor = (recipes: RecipeManifest[]) => {
    const names = new Set(recipes.map(({ name }) => name));
    const owned = new Set(recipes.flatMap(({ files }) => files.map(({ path }) => path)));
    return ready
      .filter(
        (other) =>
          !names.has(other.name) &&
          !ready.some(({ dependsOn }) => dependsOn.includes(other.name)) &&
          other.dependsOn.every((name) => names.has(name)) &&
          old.has(other.name) &&
          other.files.every(({ path }) => !owned.has(path)),
      )
      .sort(
        (a, b) => edits(b) - edits(a) || a.files.length - b.files.length || a.name.localeCompare(b.name),
      )[0];
  };

  async function assemble(app: string, stockApp: string, leaf: RecipeManifest): Promise<string> {
    const started = Date.now();
    const recipes = withDependencies(leaf);
    const other = otherFor(recipes);
    const names = [leaf.name, ...(other ? [other.name] : [])];
    await expectExit(root, 0, ['add', ...names, '--from', oldCookbook(), '--to', app]);

    // 2. The reader's file: one the window changed, of the app's own recipe first.
    const candidates = [...recipes].reverse().flatMap(({ name }) => changed.get(name) ?? []);
    const edit = candidates
      .map((path) => {
        const was = atBase(path);
        const added =
          was !== undefined && existsSync(join(app, path)) && readFileSync(join(app, path), 'utf8');
        return added === was ? readerEdit(path, was!, readFileSync(join(root, path), 'utf8')) : undefined;
      })
      .find((found) => found !== undefined);
    if (!edit)
      throw new Error(`no file of ${names.join(', ')} the window changed has a place for the reader's edit`);
    const target = join(app, edit.path);
    writeFileSync(target, edit.conflicting);

    // 3. A conflicting edit: reported with its hunk, the file left as it was.
    const conflict = await expectExit(root, 5, ['update', '--to', app]);
    if (!conflict.includes(`conflict in ${edit.path}:`) || !conflict.includes(edit.conflictLine))
      throw new Error(`update did not show the conflict in ${edit.path} with its hunk:\n${conflict}`);
    if (readFileSync(target, 'utf8') !== edit.conflicting)
      throw new Error(`update changed ${edit.path}, which conflicts`);

    // 4. The reader takes back the conflicting change: the update merges the rest.
    writeFileSync(target, edit.kept);
    await expectExit(root, 0, ['update', '--to', app]);
    const head = readFileSync(join(root, edit.path), 'utf8');
    const merged = readFileSync(target, 'utf8');
    if (merged !== withLine(head, edit.line, edit.at))
      throw new Error(
        `${edit.path} after update is not HEAD's text with the reader's line at its ${edit.at}:\n${merged}`,
      );

    // 5. The other recipe goes.
    if (other) await expectExit(root, 0, ['remove', other.name, '--to', app]);

    // 6. The app as HEAD's add writes it, but the reader's line; the record at HEAD.
    const plan = planAdd({ root, manifest, names: [leaf.name], app: stockApp });
    const expected = files(stockApp);
    for (const { path, after } of plan.changes) expected.set(path, after);
    expected.set(edit.path, withLine(expected.get(edit.path)!, edit.line, edit.at));
    const actual = files(app);
    const differ = [...new Set([...expected.keys(), ...actual.keys()])].filter(
      (path) => expected.get(path) !== actual.get(path),
    );
    if (differ.length > 0)
      throw new Error(
        `the app differs from what HEAD's add writes (and the reader's line): ${differ.join(', ')}`,
      );
    const record = JSON.parse(readFileSync(join(app, 'recipes.lock.json'), 'utf8')) as {
      recipes: Record<string, { commit: string }>;
    };
    const headCommit = git(root, 'rev-parse', 'HEAD').trim();
    const stale = recipes.filter(({ name }) => record.recipes[name]?.commit !== headCommit);
    if (stale.length > 0 || Object.keys(record.recipes).length !== recipes.length)
      throw new Error(
        `recipes.lock.json does not record ${recipes.map(({ name }) => name).join(', ')} at HEAD`,
      );
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    return `life cycle (${seconds} s): added at ${base.slice(0, 7)}${other ? ` with ${other.name}` : ''}, ${edit.path} edited, conflict reported, updated to HEAD${other ? `, ${other.name} removed` : ''}`;
  }

  return {
    base,
    changed,
    includes: ({ name }) => apps.has(name),
    assemble,
    close: () => {
      if (worktree) git(root, 'worktree', 'remove', '--force', worktree);
    },
  };
}
