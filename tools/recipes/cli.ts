// `npm run recipe -- <command>`: adds this cookbook's recipes to your own Analog 2.7 app.
//   list                           the recipes
//   show <name>                    what a recipe copies, installs, configures and leaves to you
//   add <name…> --to <app>         adds them, with the recipes they build on
//     --dry-run                    prints what it would do and writes nothing
//     --force                      overwrites files of yours that differ from the recipe's (diff shown)
//     --install                    runs `npm install` in the app afterwards
// Exit codes: tools/recipes/README.md.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { type Plan, RecipeError, applyPlan, exitCodes, planAdd, resolveRecipes } from './add';
import { copySteps } from './copy-steps';
import { InvalidFile } from './edits';
import type { Manifest } from './manifest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}/tools/recipes/manifest.json`, 'utf8')) as Manifest;
const usage = `Usage: npm run recipe -- list | show <name> | add <name…> --to <app> [--dry-run] [--force] [--install]`;

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

/** What adding the recipes to the app does, refused (nothing written) when a file of the app is not what its name says. */
function planFor(names: string[], app: string): Plan {
  if (!statSync(app, { throwIfNoEntry: false })?.isDirectory())
    throw new RecipeError(
      `${app} is not a folder: --to takes your Analog app's folder.`,
      exitCodes.notAnalog,
    );
  try {
    return planAdd({ root, manifest, names, app });
  } catch (error) {
    if (!(error instanceof InvalidFile)) throw error;
    throw new RecipeError(
      `${join(app, error.file)} ${error.why}: nothing was written.`,
      exitCodes.invalidFile,
    );
  }
}

function add(names: string[], app: string, options: { dryRun: boolean; force: boolean; install: boolean }) {
  const plan = planFor(names, app);
  const built = plan.recipes.filter(({ name }) => !names.includes(name)).map(({ name }) => name);
  console.warn(
    `${options.dryRun ? 'Would add' : 'Adding'} ${names.join(', ')}${built.length > 0 ? ` (with ${built.join(', ')})` : ''} to ${app}`,
  );
  for (const { path, diff } of plan.conflicts) {
    console.warn(`\n${path} differs from the recipe's${options.force ? ': overwritten (--force)' : ''}:`);
    console.warn(diff.replace(/^={10,}\n/m, ''));
  }
  for (const { path, before } of plan.changes)
    console.warn(`  ${before === undefined ? 'new   ' : 'edited'} ${path}`);
  if (plan.unchanged.length > 0)
    console.warn(`  ${plan.unchanged.length} files already as the recipe has them`);
  if (plan.changes.length === 0 && plan.manual.length === 0) console.warn('  nothing to change');
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

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      install: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...names] = positionals;
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
  if (command === 'add' && names.length > 0 && values.to) {
    // npm runs scripts in the package's folder: a relative --to is relative to where it was typed.
    const app = resolve(process.env['INIT_CWD'] ?? process.cwd(), values.to);
    return add(names, app, { dryRun: values['dry-run'], force: values.force, install: values.install });
  }
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
