import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { compilerOptions, importsOf, packageName } from './graph';
import {
  type ConfigCall,
  type Recipe,
  type RecipeConfig,
  type RecipeKind,
  type RecipeRequest,
  leafFiles,
  recipes,
  stockFiles,
} from './recipes';

export interface ManifestFile {
  path: string;
  lines: number;
}

export interface RecipeManifest {
  name: string;
  kind: RecipeKind;
  title: string;
  docs: string;
  entries: string[];
  /** Every recipe it builds on, directly or not, each after those it builds on; their files are copied with it, never listed again. */
  dependsOn: string[];
  /** Its own files: the entries and everything they import that no recipe it depends on has. */
  files: ManifestFile[];
  lines: number;
  /** What a reader copies: its files and those of every recipe it depends on. */
  copy: { files: number; lines: number };
  /** npm packages its files import beyond a stock app's, at package.json's exact versions. */
  packages: Record<string, string>;
  /** tsconfig `paths` its files import through; the copy sets them for TypeScript, Vite and Nitro. */
  tsconfigPaths: Record<string, string[]>;
  /** runtimeConfig keys its files read (each set by `config.nitro.runtimeConfig` of it or a recipe it depends on). */
  runtimeConfigKeys: string[];
  /** Modules no file provides: Nitro's virtual modules, made by a module the recipe copies. */
  virtualModules: string[];
  config: RecipeConfig;
  specs: string[];
  requests: RecipeRequest[];
  pending?: string;
}

export interface Manifest {
  note: string;
  stock: { files: string[]; packages: string[] };
  recipes: RecipeManifest[];
  /** Everything that makes a recipe unfit to copy; the spec and the copy test fail while any is left. */
  problems: string[];
}

const lineCount = (root: string, path: string) =>
  readFileSync(join(root, path), 'utf8').split('\n').length - 1;

/** An entry's files: the file itself, or every source file under a folder entry (`…/`), specs excluded. */
function expandEntry(root: string, entry: string): string[] {
  if (!entry.endsWith('/')) return [entry];
  return readdirSync(join(root, entry), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|html|css)$/.test(file) && !/\.(spec|test-d)\.ts$/.test(file))
    .map((file) => `${entry}${file}`)
    .filter((path) => statSync(join(root, path)).isFile())
    .sort();
}

/** The recipes each recipe depends on, directly or through another. */
function allDependencies(recipe: Recipe, byName: Map<string, Recipe>, problems: string[]): string[] {
  const seen: string[] = [];
  const visit = (name: string, path: string[]): void => {
    const dependency = byName.get(name);
    if (!dependency) {
      problems.push(`${recipe.name}: depends on "${name}", which is not a recipe`);
    } else if (path.includes(name)) {
      problems.push(`${recipe.name}: dependency circle ${[...path, name].join(' → ')}`);
    } else {
      if (!seen.includes(name)) seen.push(name);
      for (const next of dependency.dependsOn) visit(next, [...path, name]);
    }
  };
  for (const name of recipe.dependsOn) visit(name, [recipe.name]);
  return seen;
}

/** Whether `specifier` names an entry its package publishes: an alias for it would shadow the package. */
export function shadowsPackageEntry(root: string, specifier: string): boolean {
  if (specifier.startsWith('#') || specifier.startsWith('.') || specifier.includes('*')) return false;
  const name = packageName(specifier);
  const manifestPath = join(root, 'node_modules', name, 'package.json');
  if (!existsSync(manifestPath)) return false;
  const { exports } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports?: unknown };
  const subpath = `.${specifier.slice(name.length)}`;
  if (exports && typeof exports === 'object' && Object.keys(exports).some((key) => key.startsWith('.'))) {
    return subpath in exports;
  }
  return subpath === '.' || existsSync(join(root, 'node_modules', specifier));
}

/** Every file or package the recipe's config imports into the app's own files (vite.config.ts, app.config.ts, …). */
export function configImports(config: RecipeConfig): string[] {
  const calls: ConfigCall[] = [
    ...(config.nitroModules ?? []),
    ...(config.vitePlugins ?? []),
    ...(config.viteImports ?? []),
    ...(config.appProviders ?? []),
    ...(config.interceptors ?? []),
    ...(config.serverProviders ?? []),
    ...(config.renderWrapper ? [config.renderWrapper] : []),
  ];
  return calls.flatMap(({ from, imports = [] }) => [from, ...imports.map((each) => each.from)]);
}

/** Reads `useRuntimeConfig()['key']` and `useRuntimeConfig().key`. */
const runtimeConfigKeys = (text: string) =>
  [...text.matchAll(/useRuntimeConfig\(\)(?:\[['"](\w+)['"]\]|\.(\w+))/g)].map(([, a, b]) => (a ?? b)!);

/** The manifest of every recipe, derived from recipes.ts and the import graph under `root`. */
export function buildManifest(root: string, list: Recipe[] = recipes): Manifest {
  const options = compilerOptions(root);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const versions = { ...pkg['devDependencies'], ...pkg['dependencies'] };
  const stock = JSON.parse(readFileSync(join(root, 'tools/recipes/stock-app/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const stockPackages = new Set([...Object.keys(stock.dependencies), ...Object.keys(stock.devDependencies)]);
  const tsconfigPaths = (options.paths ?? {}) as Record<string, string[]>;
  const byName = new Map(list.map((recipe) => [recipe.name, recipe]));
  const problems: string[] = [];
  const owner = new Map<string, string>();
  const built = new Map<string, RecipeManifest>();

  // Dependencies first, so each recipe's walk stops at the files of those it builds on.
  const ordered: Recipe[] = [];
  const place = (recipe: Recipe, path: string[]) => {
    if (ordered.includes(recipe) || path.includes(recipe.name)) return;
    for (const name of recipe.dependsOn) {
      const dependency = byName.get(name);
      if (dependency) place(dependency, [...path, recipe.name]);
    }
    ordered.push(recipe);
  };
  for (const recipe of list) place(recipe, []);

  for (const recipe of ordered) {
    const dependsOn = allDependencies(recipe, byName, problems).sort(
      (a, b) => ordered.indexOf(byName.get(a)!) - ordered.indexOf(byName.get(b)!),
    );
    const files = new Set<string>();
    const packages = new Set<string>();
    const paths = new Set<string>();
    const virtualModules = new Set<string>();
    const keys = new Set<string>();
    // The files its config imports are entries too: the command writes those imports into the app.
    const fromConfig = configImports(recipe.config);
    for (const from of fromConfig) if (!from.startsWith('src/')) packages.add(packageName(from));
    const queue = [...recipe.entries, ...fromConfig.filter((from) => from.startsWith('src/'))].flatMap(
      (entry) => {
        if (!existsSync(join(root, entry))) {
          problems.push(`${recipe.name}: entry ${entry} does not exist`);
          return [];
        }
        return expandEntry(root, entry);
      },
    );
    while (queue.length > 0) {
      const file = queue.shift()!;
      const from = owner.get(file);
      if (files.has(file) || (stockFiles.includes(file) && !recipe.entries.includes(file))) continue;
      if (from && from !== recipe.name && dependsOn.includes(from)) continue;
      if (!existsSync(join(root, file))) {
        problems.push(`${recipe.name}: ${file} is imported but does not exist`);
        continue;
      }
      files.add(file);
      if (!/\.(ts|mts|js|mjs)$/.test(file) || leafFiles.includes(file)) continue;
      const found = importsOf(root, join(root, file), options);
      queue.push(...found.files);
      for (const name of found.packages) packages.add(name);
      for (const specifier of found.paths) paths.add(specifier);
      for (const specifier of found.unresolved) virtualModules.add(specifier);
      for (const key of runtimeConfigKeys(readFileSync(join(root, file), 'utf8'))) keys.add(key);
    }
    for (const file of files) if (!owner.has(file)) owner.set(file, recipe.name);

    const configured = new Set(
      [recipe, ...dependsOn.map((name) => byName.get(name)!)].flatMap((each) =>
        Object.keys((each?.config.nitro?.['runtimeConfig'] as object | undefined) ?? {}),
      ),
    );
    for (const key of keys) {
      if (!configured.has(key))
        problems.push(
          `${recipe.name}: reads runtimeConfig "${key}", which no config.nitro.runtimeConfig of it or its dependencies sets`,
        );
    }
    const recipePaths = Object.fromEntries(
      [...paths].sort().map((specifier) => {
        const key = Object.keys(tsconfigPaths).find(
          (each) => each === specifier || specifier.startsWith(each.replace(/\*$/, '')),
        )!;
        if (shadowsPackageEntry(root, key)) {
          problems.push(
            `${recipe.name}: the tsconfig path "${key}" shadows an entry its package publishes; a stock app would load the package's instead`,
          );
        }
        return [key, tsconfigPaths[key]!];
      }),
    );
    for (const name of recipe.packages ?? []) packages.add(name);
    // The build type-checks what Angular compiles: a package's types come with it.
    for (const name of [...packages]) {
      const types = `@types/${name.replace(/^@/, '').replace('/', '__')}`;
      if (versions[types]) packages.add(types);
    }
    const recipePackages = Object.fromEntries(
      [...packages]
        .filter((name) => !stockPackages.has(name))
        .sort()
        .map((name) => {
          if (!versions[name])
            problems.push(`${recipe.name}: imports ${name}, which package.json does not list`);
          return [name, versions[name] ?? ''];
        }),
    );
    const listed = [...files].sort().map((path) => ({ path, lines: lineCount(root, path) }));
    const copied = [...dependsOn.map((name) => built.get(name)!), { files: listed }];
    built.set(recipe.name, {
      name: recipe.name,
      kind: recipe.kind,
      title: recipe.title,
      docs: recipe.docs,
      entries: recipe.entries,
      dependsOn,
      files: listed,
      lines: listed.reduce((sum, { lines }) => sum + lines, 0),
      copy: {
        files: copied.reduce((sum, { files }) => sum + files.length, 0),
        lines: copied.reduce(
          (sum, { files }) => sum + files.reduce((total, { lines }) => total + lines, 0),
          0,
        ),
      },
      packages: recipePackages,
      tsconfigPaths: recipePaths,
      runtimeConfigKeys: [...keys].sort(),
      virtualModules: [...virtualModules].sort(),
      config: recipe.config,
      specs: recipe.specs,
      requests: recipe.requests,
      ...(recipe.pending ? { pending: recipe.pending } : {}),
    });
    for (const spec of recipe.specs) {
      if (!existsSync(join(root, spec))) problems.push(`${recipe.name}: spec ${spec} does not exist`);
    }
  }
  return {
    note: 'Generated by `npm run recipes` from tools/recipes/recipes.ts and the import graph. Do not edit.',
    stock: { files: stockFiles, packages: [...stockPackages].sort() },
    recipes: list.map(({ name }) => built.get(name)!),
    problems,
  };
}
