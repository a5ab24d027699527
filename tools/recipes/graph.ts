import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import ts from 'typescript';

/** One file's imports, resolved as TypeScript resolves them (tsconfig `paths` included). */
export interface FileImports {
  /** Project files it imports (static, dynamic and type imports) and the Angular templates and styles it names. */
  files: string[];
  /** npm packages it imports, by package name (`db0` for `db0/connectors/better-sqlite3`); `@types/node` for Node's modules. */
  packages: string[];
  /** Specifiers it imports through a tsconfig `paths` entry, with the path they map to. */
  paths: string[];
  /** Specifiers nothing resolves: virtual modules, or a file that is missing. */
  unresolved: string[];
}

const builtins = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `db0/connectors/x` → `db0`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Reads tsconfig.json's compiler options (with its `paths`) once per root. */
export function compilerOptions(root: string): ts.CompilerOptions {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  return { ...ts.parseJsonConfigFileContent(config, ts.sys, root).options, allowImportingTsExtensions: true };
}

/** What `file` (absolute) imports. `root` makes the returned project files relative to it. */
export function importsOf(root: string, file: string, options: ts.CompilerOptions): FileImports {
  const text = readFileSync(file, 'utf8');
  const result: FileImports = { files: [], packages: [], paths: [], unresolved: [] };
  const pathKeys = Object.keys(options.paths ?? {});
  for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
    if (specifier.startsWith('node:') || builtins.has(specifier)) {
      result.packages.push('@types/node');
      continue;
    }
    const isPath = pathKeys.some((key) => key === specifier || specifier.startsWith(key.replace(/\*$/, '')));
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
    if (isPath) result.paths.push(specifier);
    if (
      resolved &&
      !resolved.isExternalLibraryImport &&
      !resolved.resolvedFileName.includes(`${sep}node_modules${sep}`)
    ) {
      result.files.push(relative(root, resolved.resolvedFileName));
    } else if (
      !specifier.startsWith('.') &&
      !specifier.startsWith('/') &&
      !specifier.startsWith('#') &&
      !isPath
    ) {
      result.packages.push(packageName(specifier));
    } else if (!resolved) {
      result.unresolved.push(specifier);
    }
  }
  // Angular resolves these at build time; TypeScript never sees them as imports.
  for (const [, url] of text.matchAll(/(?:templateUrl|styleUrl)\s*:\s*'([^']+)'/g)) {
    result.files.push(relative(root, join(dirname(file), url!)));
  }
  for (const [, list] of text.matchAll(/styleUrls\s*:\s*\[([^\]]*)\]/g)) {
    for (const [, url] of list!.matchAll(/'([^']+)'/g))
      result.files.push(relative(root, join(dirname(file), url!)));
  }
  return result;
}
