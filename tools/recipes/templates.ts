// The generator templates the copy test adds recipes to (`npm run test:recipes -- --template <name>`).
// `angular-v21` (tools/recipes/stock-app) runs on this repository's own node_modules, which are its
// versions. `latest` (tools/recipes/stock-app-latest: Angular 22, TypeScript 6, Node >= 22.22) can't:
// it gets its own, `npm install`ed once from its committed package-lock.json plus every package a recipe
// adds, into .cache/recipes/, keyed by what was installed and by the Node ABI a native addon is built for.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

import type { Manifest } from './manifest';

export interface Template {
  name: string;
  /** What the generator writes for this template. */
  stockApp: string;
  /** A folder whose package.json and node_modules an app of this template links to (see linkNodeModules). */
  modules: () => string;
}

type PackageJson = Record<string, unknown> & {
  dependencies: Record<string, string>;
  engines?: { node?: string };
};

/** `>=22.22.3` (the only form the generator's engines use) against the running Node. */
function nodeSatisfies(range: string): boolean {
  const minimum = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  if (!minimum) return true;
  const running = process.versions.node.split('.').map(Number);
  for (let part = 0; part < 3; part++) {
    const wanted = Number(minimum[part + 1]);
    if (running[part]! !== wanted) return running[part]! > wanted;
  }
  return true;
}

/** True when this repository's compiled better-sqlite3 loads in the running Node (same ABI). */
const rootAddonLoads = (root: string) =>
  spawnSync(
    process.execPath,
    ['-e', `new (require(${JSON.stringify(join(root, 'node_modules/better-sqlite3'))}))(':memory:').close()`],
    { stdio: 'ignore' },
  ).status === 0;

/**
 * node_modules for the `latest` template: its lock's packages and every recipe's, installed once per
 * key. better-sqlite3 builds from source on install (no prebuilt binary is reachable: minutes); where
 * this repository's own build loads in the running Node and is the same version, its binary is copied
 * instead and its install script denied.
 */
function installLatest(root: string, stockApp: string, manifest: Manifest): string {
  const stock = JSON.parse(readFileSync(join(stockApp, 'package.json'), 'utf8')) as PackageJson;
  const engines = stock.engines?.node;
  if (engines && !nodeSatisfies(engines)) {
    throw new Error(
      `the latest template needs Node ${engines} (its engines); this is ${process.version}: ` +
        'PATH=$(.ci/node-line 24.21.0)/bin:$PATH npm run test:recipes -- --template latest',
    );
  }
  const lock = readFileSync(join(stockApp, 'package-lock.json'), 'utf8');
  const recipePackages = Object.assign({}, ...manifest.recipes.map(({ packages }) => packages)) as Record<
    string,
    string
  >;
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  const addon = 'better-sqlite3';
  const reuseAddon =
    recipePackages[addon] !== undefined &&
    recipePackages[addon] === rootPackage.dependencies[addon] &&
    rootAddonLoads(root);
  const pkg: PackageJson = {
    ...stock,
    dependencies: { ...stock.dependencies, ...recipePackages },
    ...(reuseAddon ? { allowScripts: { [addon]: false } } : {}),
  };
  const text = JSON.stringify(pkg, null, 2);
  const key = createHash('sha256')
    .update(`${lock}\n${text}\n${process.versions.modules}\n${process.platform}-${process.arch}`)
    .digest('hex')
    .slice(0, 16);
  const cache = join(root, '.cache/recipes');
  const folder = join(cache, `stock-app-latest-${key}`);
  if (existsSync(join(folder, 'node_modules/.package-lock.json'))) return folder;

  const started = Date.now();
  console.warn(`latest template: npm install into ${folder} (once per lock, recipe packages and Node ABI)…`);
  // Older installs are for another lock or Node line.
  if (existsSync(cache))
    for (const entry of readdirSync(cache)) rmSync(join(cache, entry), { recursive: true, force: true });
  const partial = `${folder}.partial`;
  mkdirSync(partial, { recursive: true });
  writeFileSync(join(partial, 'package.json'), text);
  writeFileSync(join(partial, 'package-lock.json'), lock);
  // npm runs under the running Node, and node-gyp builds against its headers (an official build's
  // include/node), not a machine-wide `nodedir`.
  const nodeHome = dirname(dirname(process.execPath));
  const env = {
    ...process.env,
    PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}`,
    ...(existsSync(join(nodeHome, 'include/node/node.h')) ? { npm_config_nodedir: nodeHome } : {}),
  };
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: partial,
    env,
    encoding: 'utf8',
  });
  if (install.status !== 0) {
    throw new Error(`npm install for the latest template failed:\n${install.stdout}${install.stderr}`);
  }
  if (reuseAddon) {
    const binary = 'build/Release/better_sqlite3.node';
    mkdirSync(join(partial, 'node_modules', addon, 'build/Release'), { recursive: true });
    copyFileSync(join(root, 'node_modules', addon, binary), join(partial, 'node_modules', addon, binary));
  }
  renameSync(partial, folder);
  console.warn(
    `latest template: installed in ${((Date.now() - started) / 1000).toFixed(0)} s` +
      (reuseAddon ? `, ${addon} copied from this repository's build` : `, ${addon} built from source`),
  );
  return folder;
}

export function template(name: string, root: string, manifest: Manifest): Template {
  if (name === 'angular-v21') {
    return { name, stockApp: join(root, 'tools/recipes/stock-app'), modules: () => root };
  }
  if (name === 'latest') {
    const stockApp = join(root, 'tools/recipes/stock-app-latest');
    return { name, stockApp, modules: () => installLatest(root, stockApp, manifest) };
  }
  throw new Error(`unknown template ${name}: angular-v21 or latest`);
}
