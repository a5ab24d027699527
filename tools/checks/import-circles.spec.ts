import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { options } = ts.parseJsonConfigFileContent(
  ts.readConfigFile(join(root, 'tsconfig.spec.json'), ts.sys.readFile).config,
  ts.sys,
  root,
);

const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => join(root, 'src', file));

/** What a file imports under src/, resolved as TypeScript resolves it: static, dynamic and type imports. */
function importsOf(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule)
    .flatMap((resolved) => (resolved && !resolved.isExternalLibraryImport ? [resolved.resolvedFileName] : []))
    .filter((path) => path.startsWith(join(root, 'src')) && !path.endsWith('.d.ts'));
}

/** Every import circle, each as the files along it from the file where the walk met it again. */
function importCircles(): string[][] {
  const graph = new Map(sources.map((file) => [file, importsOf(file)]));
  const done = new Set<string>();
  const circles: string[][] = [];
  const walk = (file: string, path: string[]) => {
    if (path.includes(file)) {
      circles.push([...path.slice(path.indexOf(file)), file].map((step) => relative(root, step)));
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) walk(next, [...path, file]);
    done.add(file);
  };
  for (const file of sources) walk(file, []);
  return circles;
}

describe('imports under src/', () => {
  it('form no circle', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(importCircles()).toEqual([]);
  });
});
