import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

import { excerptProblem } from './readme-snippets';
import { configSettings, projectSettings } from './settings-table';

/** The project's prose: README.md, every page under docs/, each local module's README, the bench results. */
export function docFiles(root: string): string[] {
  const inDir = (dir: string, keep: (name: string) => boolean) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir))
          .filter(keep)
          .sort()
          .map((name) => `${dir}/${name}`)
      : [];
  return [
    'README.md',
    ...inDir('docs', (name) => name.endsWith('.md')),
    ...inDir('src/modules', (name) => existsSync(join(root, 'src/modules', name, 'README.md'))).map(
      (dir) => `${dir}/README.md`,
    ),
    ...(existsSync(join(root, 'bench/RESULTS.md')) ? ['bench/RESULTS.md'] : []),
  ];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file offers, one per heading (`#`-style), duplicates numbered as GitHub does. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = headingSlug(heading.replace(/`/g, ''));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count ? `${slug}-${count}` : slug);
  }
  return result;
}

/** `markdown` with every fenced block's lines blanked, so links in code are not read and line numbers hold. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^ *```[^\n]*\n[\s\S]*?^ *```$/gm, (block) => block.replace(/[^\n]/g, ''));
}

const exportsByFile = new Map<string, Set<string>>();

/** The names a TypeScript or JavaScript module exports (`default` included), following `export * from`. */
export function exportedNames(file: string, seen = new Set<string>()): Set<string> {
  const known = exportsByFile.get(file);
  if (known) return known;
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const isExported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement)) names.add('default');
    else if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause))
        for (const element of clause.elements) names.add(element.name.text);
      else if (!clause && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
        const target = resolveModule(dirname(file), statement.moduleSpecifier.text);
        if (target) for (const name of exportedNames(target, seen)) names.add(name);
      }
    } else if (isExported(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      } else if ('name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) {
        names.add((statement.name as ts.Identifier).text);
      }
    }
  }
  exportsByFile.set(file, names);
  return names;
}

function resolveModule(dir: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dir, specifier);
  return [base, `${base}.ts`, `${base}.mts`, `${base}/index.ts`].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
}

const sourceFile = /\.(ts|mts|js|mjs)$/;
/** Link text that names an export: one identifier in backticks, optionally called (`` `api(path, options)` ``). */
const exportText = /^`([A-Za-z_$][\w$]*)(?:\(.*\))?`$/;
/** A link's target may hold one level of parentheses: `src/app/pages/(home).page.ts`. */
const link = /\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g;
/** Prose that names an export of a project file: `` `name` from `src/…/file.ts` ``. */
const namedFrom = /`([A-Za-z_$][\w$]*)` from `((?:src|test|e2e|bench)\/[^`\s]+)`/g;

/** Link text that names a file by its path, or the end of it: `modules/request/proxy.ts`, `drain.spec.ts`. */
const pathText =
  /^`?((?:[\w.()[\]-]+\/)*[\w()[\]-][\w.()[\]-]*\.(?:ts|mts|mjs|js|md|json|html|css|ya?ml))`?$/;
/** A function named as called: `` `isHttps(event)` ``. */
const calledName = /`([A-Za-z_$][\w$]*)\([^`]*\)`/g;
/** A name in capitals: an environment variable when it is a setting (`ORIGIN`, `TRUST_PROXY`). */
const capitalName = /`([A-Z][A-Z0-9_]*)`/g;

/** The source files under `dir`, specs aside. */
function sourceFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mts|mjs)$/.test(file) && !/\.spec\.ts$/.test(file))
    .map((file) => `${dir}/${file}`.split('\\').join('/'));
}

let projectExports: Set<string> | undefined;
/** Every name a file under src/ exports: what a module README could mistake for its own. */
function exportedBySrc(root: string): Set<string> {
  projectExports ??= new Set(
    sourceFiles(root, 'src').flatMap((file) => [...exportedNames(join(root, file))]),
  );
  return projectExports;
}

let settingKeys: Map<string, string | undefined> | undefined;
/** Each setting's variable, with the runtimeConfig key it sets (none when the code reads the variable itself). */
function settingsByEnv(root: string): Map<string, string | undefined> {
  if (settingKeys) return settingKeys;
  const sources = projectSettings(root, []);
  settingKeys = new Map(Object.keys(sources.descriptions).map((env) => [env, undefined]));
  for (const { env, path } of configSettings(sources.configs, sources.descriptions))
    settingKeys.set(env, path[0]);
  return settingKeys;
}

/** True when a file's code reads the setting: the variable itself, or its runtimeConfig key. */
function readsSetting(text: string, env: string, key: string | undefined): boolean {
  if (key) return new RegExp(`\\[['"]${key}['"]\\]|useRuntimeConfig\\(\\)\\.${key}\\b`).test(text);
  return new RegExp(`process\\.env\\.${env}\\b|\\benv\\[\\s*['"]${env}['"]\\s*\\]`).test(text);
}

/**
 * What a module README (src/modules/<name>/README.md) claims of its code, in one line: a project
 * function it names as called must be exported by the module's index.ts (or by a file the line
 * links), and a setting it names must be read by the module's code (or by a file the line links).
 */
function moduleClaimProblems(
  root: string,
  dir: string,
  at: string,
  line: string,
  linked: string[],
): string[] {
  const problems: string[] = [];
  const index = `${dir}/index.ts`;
  const exportedHere = (name: string) =>
    [index, ...linked].some(
      (file) =>
        sourceFile.test(file) && existsSync(join(root, file)) && exportedNames(join(root, file)).has(name),
    );
  for (const [, name] of line.matchAll(calledName))
    if (!exportedHere(name!) && exportedBySrc(root).has(name!))
      problems.push(`${at}: names \`${name}\`, which ${index} does not export`);
  const settings = settingsByEnv(root);
  const readers = [...sourceFiles(root, dir), ...linked.filter((file) => sourceFile.test(file))];
  for (const [, env] of line.matchAll(capitalName)) {
    if (!settings.has(env!)) continue;
    const read = readers.some((file) =>
      readsSetting(readFileSync(join(root, file), 'utf8'), env!, settings.get(env!)),
    );
    if (!read)
      problems.push(
        `${at}: names the setting ${env}, which no code under ${dir} reads (nor a file the line links)`,
      );
  }
  return problems;
}

/**
 * Every stale claim in one document: a link to a file or heading that does not exist, link text
 * that names another file than the link's, an export the linked file does not have, a quoted
 * excerpt that is not in its file (see `readme-snippets.ts`), and a module README's claims of its
 * exports and settings.
 */
export function docProblems(root: string, doc: string, markdown: string): string[] {
  const problems: string[] = [];
  const lines = withoutFences(markdown).split('\n');
  const checkExport = (at: string, name: string, path: string) => {
    if (!sourceFile.test(path) || !existsSync(join(root, path))) return;
    if (!exportedNames(join(root, path)).has(name))
      problems.push(`${at}: ${path} does not export \`${name}\``);
  };
  const moduleDir = /^(src\/modules\/[^/]+)\/README\.md$/.exec(doc)?.[1];
  lines.forEach((line, index) => {
    const at = `${doc}:${index + 1}`;
    const linked: string[] = [];
    for (const [, text, target] of line.matchAll(link)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [pathPart, anchor] = target.split('#') as [string, string | undefined];
      const path = pathPart
        ? normalize(join(dirname(doc), decodeURI(pathPart)))
            .split('\\')
            .join('/')
        : doc;
      if (path.startsWith('..') || !existsSync(join(root, path))) {
        problems.push(`${at}: links ${target}, but ${path} does not exist`);
        continue;
      }
      linked.push(path);
      const namedPath = pathText.exec(text)?.[1]?.replace(/^(?:\.\.?\/)+/, '');
      if (namedPath && path !== namedPath && !path.endsWith(`/${namedPath}`))
        problems.push(`${at}: link text names ${namedPath}, but the link goes to ${path}`);
      if (
        anchor !== undefined &&
        path.endsWith('.md') &&
        !anchors(readFileSync(join(root, path), 'utf8')).has(anchor)
      )
        problems.push(`${at}: links ${target}, but ${path} has no heading #${anchor}`);
      const named = exportText.exec(text);
      if (named) checkExport(at, named[1], path);
    }
    for (const [, name, path] of line.matchAll(namedFrom)) {
      if (!existsSync(join(root, path))) problems.push(`${at}: names ${path}, which does not exist`);
      else checkExport(at, name, path);
    }
    if (moduleDir) problems.push(...moduleClaimProblems(root, moduleDir, at, line, linked));
  });
  const all = markdown.split('\n');
  all.forEach((line, index) => {
    const fence = /^ *```\w+ (\S+)$/.exec(line);
    if (!fence) return;
    const end = all.findIndex((candidate, after) => after > index && candidate.trim() === '```');
    const problem = excerptProblem(root, fence[1], all.slice(index + 1, end).join('\n'));
    if (problem) problems.push(`${doc}:${index + 1}: ${problem}`);
  });
  return problems;
}

/** Every stale claim in every document of the project, as `file:line: what is wrong`. */
export function allDocProblems(root: string): string[] {
  return docFiles(root).flatMap((doc) => docProblems(root, doc, readFileSync(join(root, doc), 'utf8')));
}

/** The folders whose code comments are checked; the fixtures and the bench's stock app are apps of their own. */
const codeDirs = ['src', 'tools', 'test', 'e2e', 'bench'];
const notCode = new Set(['node_modules', 'dist', 'fixtures', 'anchor', 'results']);

function codeFiles(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return notCode.has(entry.name) ? [] : codeFiles(root, path);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

/**
 * A file a comment names: from the root (`src/server/lib/db/database.ts`, `docs/deploy.md`), or a
 * server file by its folder (`lib/cors/cors.ts`, `plugins/contact-storage.ts`).
 */
const namedPath =
  /(?<![\w./@-])((?:src|tools|test|e2e|bench|docs)\/[\w./()[\]-]*\.(?:ts|mjs|md)|(?:lib|plugins|middleware|routes|tasks|migrations)\/[\w./()[\]-]*\.ts)\b/g;
const commentLine = /^\s*(?:\/\/|\/\*|\*)/;

/**
 * Every comment in the code that names a file which does not exist (a file that moved), as
 * `file:line: names <path>, which does not exist`. A name is looked up from the project root,
 * from src/server/, and from the commenting file's folder and each folder above it.
 */
export function commentPathProblems(root: string): string[] {
  return codeDirs
    .flatMap((dir) => codeFiles(root, dir))
    .flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => {
          if (!commentLine.test(line)) return [];
          const bases = ['', 'src/server/'];
          for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) bases.push(`${dir}/`);
          return [...line.matchAll(namedPath)]
            .map(([, path]) => path!)
            .filter((path) => !bases.some((base) => existsSync(join(root, base, path))))
            .map((path) => `${file}:${index + 1}: names ${path}, which does not exist`);
        }),
    );
}
