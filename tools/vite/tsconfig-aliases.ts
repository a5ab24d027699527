import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Module aliases, read from `paths` in tsconfig.json, their one place: Vite, Nitro and Vitest resolve
 * what TypeScript does. Today that is `#server-actions`, the backport.
 */
export function tsconfigAliases(root: URL): Record<string, string> {
  const fromRoot = (path: string) => fileURLToPath(new URL(path, root));
  const tsconfig = JSON.parse(readFileSync(fromRoot('./tsconfig.json'), 'utf8')) as {
    compilerOptions: { paths: Record<string, [string]> };
  };
  return Object.fromEntries(
    Object.entries(tsconfig.compilerOptions.paths).map(([specifier, [target]]) => [
      specifier,
      fromRoot(target),
    ]),
  );
}
