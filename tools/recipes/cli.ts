// `npm run recipe -- <command>`: adds this cookbook's recipes to your own Analog 2.7 app.
//   list                           the recipes
//   show <name>                    what a recipe copies, installs, configures and leaves to you
//   add <name…> --to <app>         adds them, with the recipes they build on
//     --dry-run                    prints what it would do and writes nothing
//     --force                      overwrites files of yours that differ from the recipe's (diff shown)
//     --install                    runs `npm install` in the app afterwards
//   status --to <app>              each recipe the app's recipes.lock.json records: what changed here and there
//   update [name…] --to <app>      merges this cookbook's changes into the app (--dry-run, --force as above)
//   remove <name> --to <app>       takes a recipe out, keeping what you changed and what another recipe needs
//   --from <cookbook>              takes the recipes from another clone or worktree of this cookbook (say, one at an
//                                  older commit) instead of this one: the record names that one's commit
// Exit codes: tools/recipes/README.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import {
  type AppReader,
  type Plan,
  RecipeError,
  appOnDisk,
  applyPlan,
  exitCodes,
  inApp,
  planAdd,
  resolveRecipes,
} from './add';
import { copySteps } from './copy-steps';
import { InvalidFile } from './edits';
import {
  type LifecycleContext,
  type Outcome,
  outcomeLines,
  planRemove,
  planUpdate,
  status,
} from './lifecycle';
import {
  type Lock,
  cookbookVersion,
  emptyLock,
  lockFile,
  lockRecipe,
  lockText,
  parseLock,
  uncommitted,
} from './lock';
import type { Manifest } from './manifest';
import { bringsSqlite, forApp } from './sqlite-driver';

/** The cookbook the recipes come from: this clone, or the one `--from` names. */
let root = fileURLToPath(new URL('../..', import.meta.url));
let manifest = readManifest(root);
const usage = [
  'Usage: npm run recipe -- list | show <name> | add <name…> --to <app> [--dry-run] [--force] [--install]',
  '       | status --to <app> | update [name…] --to <app> [--dry-run] [--force] | remove <name> --to <app> [--dry-run]',
  '       each with [--from <another clone or worktree of this cookbook>]',
].join('\n');

function readManifest(cookbook: string): Manifest {
  try {
    return JSON.parse(readFileSync(join(cookbook, 'tools/recipes/manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new RecipeError(
      `${cookbook} is not a clone of this cookbook: it has no readable tools/recipes/manifest.json.`,
      exitCodes.usage,
    );
  }
}

function list() {
  const width = Math.max(...manifest.recipes.map(({ name }) => name.length));
  for (const { name, title, files, lines, dependsOn } of manifest.recipes) {
    const on = dependsOn.length > 0 ? `, on ${dependsOn.join(', ')}` : '';
    console.warn(`${name.padEnd(width)}  ${title} (${files.length} files, ${lines} lines${on})`);
  }
}

function show(name: string) {
  const [recipe] = resolveRecipes(manifest, [name]).slice(-1);
  console.warn(`${recipe!.title} (${recipe!.name}): ${recipe!.docs}\n`);
  console.warn(copySteps(manifest, recipe!.name, root).replace(/^<!--.*-->\n/gm, ''));
}

/** What `make` returns, refused (nothing written) when `app` is no folder or a file of it is not what its name says. */
function inAppFolder<T>(app: string, make: () => T): T {
  if (!statSync(app, { throwIfNoEntry: false })?.isDirectory())
    throw new RecipeError(
      `${app} is not a folder: --to takes your Analog app's folder.`,
      exitCodes.notAnalog,
    );
  try {
    return make();
  } catch (error) {
    if (!(error instanceof InvalidFile)) throw error;
    throw new RecipeError(
      `${join(app, error.file)} ${error.why}: nothing was written.`,
      exitCodes.invalidFile,
    );
  }
}

/** The plan with the app's record of what it adds: each recipe's files, packages and config edits, at this commit. */
function withRecord(plan: Plan, app: string, read: AppReader): Plan {
  const before = read(lockFile);
  const lock: Lock = before === undefined ? emptyLock() : parseLock(before, app);
  const version = cookbookVersion(root);
  // A recipe the record has keeps its entry: `update` moves it, with its config edits, from that entry's commit.
  for (const recipe of plan.recipes) lock.recipes[recipe.name] ??= lockRecipe(root, recipe, version);
  const after = lockText(lock);
  const changes = after === before ? plan.changes : [...plan.changes, { path: lockFile, before, after }];
  const dirty = uncommitted(
    root,
    plan.recipes.flatMap(({ files }) => files.map(({ path }) => path)),
  );
  const steps = dirty.map(
    (path) => `${path} is not committed in the cookbook: a later update can't merge your edits of it.`,
  );
  return { ...plan, changes, steps: [...plan.steps, ...steps] };
}

function add(names: string[], app: string, options: { dryRun: boolean; force: boolean; install: boolean }) {
  const read = appOnDisk(app);
  const { plan, driver } = inAppFolder(app, () => {
    const forThisApp = forApp(manifest, read('package.json'));
    const planned = planAdd({ root, manifest: forThisApp.manifest, names, app, read });
    return { plan: withRecord(planned, app, read), driver: forThisApp.driver };
  });
  const built = plan.recipes.filter(({ name }) => !names.includes(name)).map(({ name }) => name);
  console.warn(
    `${options.dryRun ? 'Would add' : 'Adding'} ${names.join(', ')}${built.length > 0 ? ` (with ${built.join(', ')})` : ''} to ${app}`,
  );
  for (const { path, diff } of plan.conflicts) {
    console.warn(`\n${path} differs from the recipe's${options.force ? ': overwritten (--force)' : ''}:`);
    console.warn(diff.replace(/^={10,}\n/m, ''));
  }
  const record = read(lockFile);
  const recorded = record === undefined ? {} : parseLock(record, app).recipes;
  const older = plan.conflicts.filter(({ path }) =>
    Object.values(recorded).some(({ files }) => path in files),
  );
  if (older.length > 0 && !options.force)
    console.warn(
      `\n${older.map(({ path }) => path).join(', ')} came from a recipe the app's ${lockFile} records: \`npm run recipe -- update --to ${app}\` merges this cookbook's changes into them, keeping yours.`,
    );
  for (const { path, before } of plan.changes)
    console.warn(`  ${before === undefined ? 'new   ' : 'edited'} ${path}`);
  if (plan.unchanged.length > 0)
    console.warn(`  ${plan.unchanged.length} files already as the recipe has them`);
  if (plan.changes.length === 0 && plan.manual.length === 0) console.warn('  nothing to change');
  if (bringsSqlite(manifest, plan.recipes)) console.warn(`\n${driver}`);
  if (!options.dryRun) {
    applyPlan(app, plan, options.force);
    if (options.install && plan.changes.some(({ path }) => path === 'package.json')) {
      const { status } = spawnSync('npm', ['install'], { cwd: app, stdio: 'inherit' });
      if (status !== 0) throw new RecipeError(`npm install failed in ${app} (exit ${status}).`, 1);
    }
  } else if (plan.conflicts.length > 0 && !options.force) {
    console.warn(`\n${plan.conflicts.length} files differ: add would write nothing without --force.`);
  }
  const steps = plan.steps.filter((step) => !(options.install && step.startsWith('Run `npm install`')));
  if (steps.length > 0)
    console.warn(`\nLeft to do:\n${steps.map((step, index) => `  ${index + 1}. ${step}`).join('\n')}`);
  return plan.manual.length > 0 ? exitCodes.manual : 0;
}

/** The app's record and files, for status, update and remove. */
function lifecycle(app: string): LifecycleContext {
  const read = appOnDisk(app);
  return inAppFolder(app, () => ({
    root,
    manifest: forApp(manifest, read('package.json')).manifest,
    read,
    lock: parseLock(read(lockFile), app),
  }));
}

/** Prints the outcome and, unless `dryRun`, writes it with the new record. */
function apply(app: string, context: LifecycleContext, outcome: Outcome, dryRun: boolean) {
  const lines = outcomeLines(context, outcome, dryRun);
  console.warn(lines.length > 0 ? lines.join('\n') : '  nothing to change');
  if (dryRun) return;
  const writes = [...outcome.writes].map(([path, text]) => [inApp(app, path), text] as const);
  for (const [path, text] of writes) {
    if (text === null) {
      rmSync(path);
      // The folders it leaves empty go too, up to the app's (git keeps no empty folder; the recipe made them).
      for (
        let folder = dirname(path);
        folder.startsWith(app + sep) && readdirSync(folder).length === 0;
        folder = dirname(folder)
      )
        rmdirSync(folder);
    } else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
  }
  const lock = lockText(outcome.lock);
  if (lock !== context.read(lockFile)) writeFileSync(inApp(app, lockFile), lock);
}

function update(names: string[], app: string, options: { dryRun: boolean; force: boolean }) {
  const context = lifecycle(app);
  const outcome = inAppFolder(app, () => planUpdate(context, names, cookbookVersion(root), options.force));
  console.warn(
    `${options.dryRun ? 'Would update' : 'Updating'} ${names.join(', ') || 'every recipe'} in ${app}`,
  );
  apply(app, context, outcome, options.dryRun);
  if (outcome.conflicts.length === 0) return 0;
  console.warn(
    options.force
      ? `\n${outcome.conflicts.length} files have conflict markers: resolve them, then run status.`
      : `\n${outcome.conflicts.length} files conflict and were left as they were: merge them by hand, or add --force to write them with conflict markers.`,
  );
  return exitCodes.conflict;
}

function remove(name: string, app: string, dryRun: boolean) {
  const context = lifecycle(app);
  const outcome = inAppFolder(app, () => planRemove(context, name));
  console.warn(`${dryRun ? 'Would remove' : 'Removing'} ${name} from ${app}`);
  apply(app, context, outcome, dryRun);
  return 0;
}

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      install: { type: 'boolean', default: false },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...names] = positionals;
  // npm runs scripts in the package's folder: a relative path is relative to where it was typed.
  const typed = (path: string) => resolve(process.env['INIT_CWD'] ?? process.cwd(), path);
  if (values.from) {
    root = typed(values.from);
    manifest = readManifest(root);
  }
  if (values.help) {
    console.warn(usage);
    return 0;
  }
  if (command === 'list' && names.length === 0) {
    list();
    return 0;
  }
  if (command === 'show' && names.length === 1) {
    show(names[0]!);
    return 0;
  }
  const app = values.to && typed(values.to);
  const options = { dryRun: values['dry-run'], force: values.force, install: values.install };
  if (command === 'add' && names.length > 0 && app) return add(names, app, options);
  if (command === 'status' && names.length === 0 && app)
    return inAppFolder(app, () => status(lifecycle(app)));
  if (command === 'update' && app) return update(names, app, options);
  if (command === 'remove' && names.length === 1 && app) return remove(names[0]!, app, options.dryRun);
  throw new RecipeError(usage, exitCodes.usage);
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  const known = error instanceof RecipeError;
  const usageError = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  // One line, never a stack trace: a known failure says what to change.
  console.error(known || usageError ? (error as Error).message : `Unexpected failure: ${String(error)}`);
  process.exitCode = known ? error.exitCode : usageError ? exitCodes.usage : 1;
}
