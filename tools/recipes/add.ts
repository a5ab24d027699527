// What `npm run recipe -- add` does, as a plan first: every file it would write, with its text before and
// after, what it can't do, and what is left for the reader. `applyPlan` writes it; `--dry-run` prints it.
import { createTwoFilesPatch } from 'diff';
import { existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  InvalidFile,
  ManualEdit,
  editAppConfig,
  editEnvExample,
  editIndexHtml,
  editMainServer,
  editPackageJson,
  editTsconfig,
  editViteConfig,
  parsePackageJson,
} from './edits';
import type { Manifest, RecipeManifest } from './manifest';
import type { ConfigCall, EnvVar } from './recipes';

/** A failure a script can tell apart by the exit code. */
export class RecipeError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export const exitCodes = {
  usage: 2,
  notAnalog: 3,
  manual: 4,
  conflict: 5,
  invalidFile: 6,
  link: 7,
  noRecord: 8,
  updates: 10,
} as const;

export interface FileChange {
  path: string;
  /** Undefined for a new file. */
  before?: string;
  after: string;
}

export interface Plan {
  /** The recipes added, each after those it builds on. */
  recipes: RecipeManifest[];
  /** The files whose text changes. */
  changes: FileChange[];
  /** Recipe files the app already has with the same text. */
  unchanged: string[];
  /** Recipe files the app has with other text: their diff. Written only with `force`. */
  conflicts: { path: string; diff: string }[];
  /** Edits the command could not make. */
  manual: ManualEdit[];
  /** Packages the app lists at another version than the recipe's: the app's stays. */
  differing: { name: string; theirs: string; ours: string }[];
  /** What the reader still has to do. */
  steps: string[];
}

/** The recipes named, with those they build on, each once and after its dependencies. */
export function resolveRecipes(manifest: Manifest, names: string[]): RecipeManifest[] {
  const byName = new Map(manifest.recipes.map((recipe) => [recipe.name, recipe]));
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length > 0)
    throw new RecipeError(
      `Unknown recipe ${unknown.map((name) => `"${name}"`).join(', ')}. The recipes: ${manifest.recipes.map(({ name }) => name).join(', ')}.`,
      exitCodes.usage,
    );
  const pending = names.map((name) => byName.get(name)!).filter((recipe) => recipe.pending);
  if (pending.length > 0)
    throw new RecipeError(
      pending.map(({ name, pending: why }) => `The recipe "${name}" is not ready yet: ${why}.`).join('\n'),
      exitCodes.usage,
    );
  const ordered: RecipeManifest[] = [];
  for (const name of names) {
    const recipe = byName.get(name)!;
    for (const each of [...recipe.dependsOn.map((dependency) => byName.get(dependency)!), recipe])
      if (!ordered.includes(each)) ordered.push(each);
  }
  return ordered;
}

/** Reads one of the app's files by its path in the app: undefined when it has none. */
export type AppReader = (path: string) => string | undefined;

/**
 * The path of `file` in the app, refused when it or a folder on the way to it is a symbolic link: the command
 * reads and writes the app's own files, never what a link points to (which may lie outside the app).
 */
export function inApp(app: string, file: string): string {
  const path = resolve(app, file);
  const parts = relative(app, path).split(sep);
  if (parts[0] === '..')
    throw new RecipeError(`${file} lies outside ${app}: nothing was written.`, exitCodes.link);
  for (let depth = 1; depth <= parts.length; depth++) {
    const at = join(app, ...parts.slice(0, depth));
    const stat = lstatSync(at, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink())
      throw new RecipeError(
        `${at} is a symbolic link: the command writes no file through one, so nothing was written.`,
        exitCodes.link,
      );
    if (!stat?.isDirectory()) break;
  }
  return path;
}

/** The app's files on disk. */
export const appOnDisk =
  (app: string): AppReader =>
  (file) => {
    try {
      return readFileSync(inApp(app, file), 'utf8');
    } catch (error) {
      if (error instanceof RecipeError) throw error;
      const { code } = error as NodeJS.ErrnoException;
      if (code === 'ENOENT') return undefined;
      throw new InvalidFile(file, code === 'EISDIR' ? 'is a folder, not a file' : `can't be read (${code})`);
    }
  };

const angularMajor = (packageJson: string | undefined) =>
  /"@angular\/core"\s*:\s*"\D*(\d+)/.exec(packageJson ?? '')?.[1];

/**
 * What the generator wrote for the app: this command's stock app of the app's Angular major (stock-app-latest
 * for Angular 22, stock-app for 21), so the files it wrote, and the recipes' edits of them, are its template's.
 */
export function stockAppOf(read: AppReader): string {
  const stock = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));
  const latest = readFileSync(join(stock('stock-app-latest'), 'package.json'), 'utf8');
  return angularMajor(read('package.json')) === angularMajor(latest)
    ? stock('stock-app-latest')
    : stock('stock-app');
}

/** Throws a RecipeError saying why the folder is no Analog app, if it is none. */
function checkAnalogApp(app: string, read: AppReader) {
  const text = read('package.json');
  if (text === undefined)
    throw new RecipeError(`${app} is not an Analog app: it has no package.json.`, exitCodes.notAnalog);
  const pkg = parsePackageJson(text);
  if (!pkg['dependencies']?.['@analogjs/platform'] && !pkg['devDependencies']?.['@analogjs/platform'])
    throw new RecipeError(
      `${app} is not an Analog app: its package.json does not list @analogjs/platform.`,
      exitCodes.notAnalog,
    );
  for (const file of ['vite.config.ts', 'src/app/app.config.ts'])
    if (read(file) === undefined)
      throw new RecipeError(
        `${app} is not an Analog app as \`npm create analog\` makes one: it has no ${file}.`,
        exitCodes.notAnalog,
      );
}

const all = <T>(recipes: RecipeManifest[], pick: (recipe: RecipeManifest) => T[] | undefined): T[] =>
  recipes.flatMap((recipe) => pick(recipe) ?? []);

const merge = (target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> => {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] =
      current && value && typeof current === 'object' && typeof value === 'object' && !Array.isArray(value)
        ? merge({ ...(current as Record<string, unknown>) }, value as Record<string, unknown>)
        : value;
  }
  return target;
};

/**
 * The plan for adding `names` (and what they build on, unless `only`) to the app in `app`; `root` holds
 * the recipes' files, `read` the app's (its folder on disk by default).
 */
export function planAdd(options: {
  root: string;
  manifest: Manifest;
  names: string[];
  app: string;
  read?: AppReader;
  only?: boolean;
}): Plan {
  const { root, manifest, app, read = appOnDisk(app) } = options;
  const recipes = options.only
    ? resolveRecipes(manifest, options.names).filter(({ name }) => options.names.includes(name))
    : resolveRecipes(manifest, options.names);
  checkAnalogApp(app, read);
  const configs = recipes.map(({ config }) => config);
  const plan: Plan = {
    recipes,
    changes: [],
    unchanged: [],
    conflicts: [],
    manual: [],
    differing: [],
    steps: [],
  };
  const change = (path: string, after: string, before = read(path)) => {
    if (after !== before) plan.changes.push({ path, before, after });
  };
  const edit = (path: string, make: (text: string) => string) => {
    const before = read(path);
    if (before === undefined) return;
    try {
      change(path, make(before), before);
    } catch (error) {
      if (!(error instanceof ManualEdit)) throw error;
      plan.manual.push(error);
    }
  };

  // A file the generator wrote, still as it wrote it, a recipe may replace: nothing of the reader's is lost.
  const generated = (path: string) => {
    const stock = join(stockAppOf(read), path);
    return existsSync(stock) ? readFileSync(stock, 'utf8') : undefined;
  };
  // A file lessons share (`sharedFiles`) comes once, with whichever of them lists it first.
  for (const path of new Set(recipes.flatMap(({ files }) => files.map((file) => file.path)))) {
    const ours = readFileSync(join(root, path), 'utf8');
    const theirs = read(path);
    if (theirs === ours) plan.unchanged.push(path);
    else if (theirs === undefined || theirs === generated(path)) change(path, ours, theirs);
    else {
      plan.conflicts.push({
        path,
        diff: createTwoFilesPatch(`${path} (yours)`, `${path} (the recipe's)`, theirs, ours),
      });
      change(path, ours, theirs);
    }
  }

  const packages = Object.assign({}, ...recipes.map((recipe) => recipe.packages)) as Record<string, string>;
  edit('package.json', (text) => {
    const result = editPackageJson(text, packages);
    plan.differing.push(...result.differing);
    return result.text;
  });

  const paths = Object.assign({}, ...recipes.map(({ tsconfigPaths }) => tsconfigPaths)) as Record<
    string,
    string[]
  >;
  edit('tsconfig.json', (text) =>
    editTsconfig(text, {
      paths,
      lib: [...new Set(all(recipes, ({ config }) => config.lib))],
      compilerOptions: Object.assign({}, ...configs.map(({ compilerOptions }) => compilerOptions)),
    }),
  );

  // The recipes name their environment variables plainly (SESSION_SECRET, not NITRO_SESSION_SECRET).
  const plainEnv = configs.some(({ env }) => env && Object.keys(env).length > 0)
    ? { runtimeConfig: { nitro: { envPrefix: '' } } }
    : {};
  edit('vite.config.ts', (text) =>
    editViteConfig(text, {
      nitro: configs.reduce<Record<string, unknown>>(
        (merged, { nitro = {} }) => merge(merged, nitro),
        plainEnv,
      ),
      analog: configs.reduce<Record<string, unknown>>((merged, { analog = {} }) => merge(merged, analog), {}),
      nitroModules: all(recipes, ({ config }) => config.nitroModules),
      vitePlugins: all(recipes, ({ config }) => config.vitePlugins),
      vite: Object.assign({}, ...configs.map(({ vite }) => vite)),
      viteImports: all(recipes, ({ config }) => config.viteImports),
      aliases: Object.fromEntries(Object.entries(paths).map(([key, [path]]) => [key, path!])),
    }),
  );

  const providers = all(recipes, ({ config }) => config.appProviders);
  const interceptors = all(recipes, ({ config }) => config.interceptors);
  if (providers.length + interceptors.length > 0)
    edit('src/app/app.config.ts', (text) => editAppConfig(text, { providers, interceptors }));
  const serverProviders = all(recipes, ({ config }) => config.serverProviders);
  if (serverProviders.length > 0)
    edit('src/app/app.config.server.ts', (text) =>
      editAppConfig(text, { providers: serverProviders, interceptors: [] }, 'src/app/app.config.server.ts'),
    );
  const wrappers = recipes.flatMap(({ config }) => (config.renderWrapper ? [config.renderWrapper] : []));
  if (wrappers.length > 0)
    edit('src/main.server.ts', (text) =>
      wrappers.reduce((result: string, wrapper: ConfigCall) => editMainServer(result, wrapper), text),
    );
  const removed = all(recipes, ({ config }) => config.indexHtml?.remove);
  if (removed.length > 0) edit('index.html', (text) => editIndexHtml(text, removed));

  const env = Object.fromEntries(
    recipes.flatMap(({ name, config }) =>
      Object.entries(config.env ?? {}).map(([key, value]) => [key, { ...value, recipe: name }] as const),
    ),
  ) as Record<string, EnvVar & { recipe: string }>;
  if (Object.keys(env).length > 0) change('.env.example', editEnvExample(read('.env.example'), env));

  plan.steps = stepsLeft(plan, env);
  return plan;
}

/** What the reader still has to do after the plan is written. */
function stepsLeft(plan: Plan, env: Record<string, EnvVar & { recipe: string }>): string[] {
  const steps: string[] = [];
  for (const [name, { meaning, secret }] of Object.entries(env))
    if (secret)
      steps.push(`Set ${name} where the server runs (and in .env for \`npm run dev\`): ${meaning}.`);
  if (plan.changes.some(({ path }) => path === 'package.json'))
    steps.push('Run `npm install` (or add `--install`): package.json lists new packages.');
  for (const { name, theirs, ours } of plan.differing)
    steps.push(`Your package.json has ${name}@${theirs}; the recipe is tested with ${ours}.`);
  steps.push(...plan.recipes.flatMap(({ config }) => config.steps ?? []));
  for (const { file, why, edit } of plan.manual)
    steps.push(`Edit ${file} by hand (${why}):\n${edit.replace(/^/gm, '    ')}`);
  return steps;
}

/** Writes the plan's changes into the app; `force` also overwrites the files that differ. */
export function applyPlan(app: string, plan: Plan, force: boolean) {
  if (plan.conflicts.length > 0 && !force)
    throw new RecipeError(
      `${plan.conflicts.map(({ path }) => path).join(', ')} differ from the recipe's: nothing was written. Keep your changes, or add --force to overwrite them.`,
      exitCodes.conflict,
    );
  const writes = plan.changes.map(({ path, after }) => ({ path: inApp(app, path), after }));
  for (const { path, after } of writes) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, after);
  }
}
