import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const modulesDir = join(root, 'src/modules');
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(root, 'tsconfig.spec.json'), ts.sys.readFile).config,
  ts.sys,
  root,
);

const skipped = new Set(['node_modules', 'dist', '.git', '.data', 'fixtures']);

/** Every TypeScript file under `dir` (the project outside the modules, configs included, by default). */
function sources(dir = root, except = modulesDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) || path === except ? [] : sources(path, except);
    return /\.m?ts$/.test(entry.name) ? [path] : [];
  });
}

/** Each import of `file` that TypeScript resolves to a file of the project: what it wrote and where it lands. */
const resolvedImports = (file: string) =>
  ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.flatMap(({ fileName }) => {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
    return resolved && !resolved.includes(`${sep}node_modules${sep}`) ? [{ fileName, resolved }] : [];
  });

/** The module a file of src/modules belongs to: `security` for src/modules/security/runtime/csp.ts. */
const moduleOf = (path: string) => relative(modulesDir, path).split(sep)[0];

/**
 * The generated route list names each route's file for its types, the modules' own handlers
 * included: the api-contract module writes it, as Nitro's scan has it.
 */
const generated = new Set([join(root, 'src/server/api-routes.gen.ts')]);

/** `src/modules/<name>/index.ts`: the one file of a module that others may import. */
const isFace = (path: string) => /^[^/]+\/index\.ts$/.test(relative(modulesDir, path).split(sep).join('/'));

/** What `file` imports inside a module past its index.ts (static, dynamic and type imports). */
function reachesPastFace(file: string): string[] {
  if (generated.has(file)) return [];
  return resolvedImports(file)
    .filter(({ resolved }) => resolved.startsWith(`${modulesDir}${sep}`) && !isFace(resolved))
    .map(({ fileName }) => `${relative(root, file)} imports ${fileName}`);
}

/** Analog 3's API, backported until the upgrade (`#server-actions`): the framework's layer, below the modules. */
const backports = join(root, 'src/backports');

/**
 * What a module's file imports that points up or sideways: anything of the project outside
 * src/modules but the framework's backport (the app, its server, the tools), or another module
 * past its index.ts.
 */
function pointsUp(file: string): string[] {
  return resolvedImports(file)
    .filter(({ fileName, resolved }) => {
      if (resolved.startsWith(`${modulesDir}${sep}`))
        return moduleOf(resolved) !== moduleOf(file) && !isFace(resolved);
      return !(fileName.startsWith('#') && resolved.startsWith(`${backports}${sep}`));
    })
    .map(({ fileName }) => `${relative(root, file)} imports ${fileName}`);
}

describe('the local modules (src/modules/<name>/)', () => {
  const files = sources();

  it('are reached from outside only through their index.ts', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(reachesPastFace)).toEqual([]);
  });

  it('are imported from outside at all, so the check above sees their imports', () => {
    const imported = files.flatMap((file) =>
      ts
        .preProcessFile(readFileSync(file, 'utf8'), true, true)
        .importedFiles.map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys))
        .flatMap(({ resolvedModule }) => (resolvedModule ? [resolvedModule.resolvedFileName] : []))
        .filter(isFace),
    );
    expect(new Set(imported.map((path) => relative(root, path)))).toEqual(
      new Set(['src/modules/api-contract/index.ts', 'src/modules/request/index.ts', 'src/modules/security/index.ts']),
    );
  });

  it('sit below the app: they import nothing of it, and each other only through index.ts', () => {
    const files = sources(modulesDir, '');
    expect(files.length).toBeGreaterThan(40);
    expect(files.flatMap(pointsUp)).toEqual([]);
  });
});
