// The edits `npm run recipe -- add` makes to an app's own files, each a function from the file's text to
// its new text. TypeScript goes through magicast (a Babel syntax tree printed back by recast, so what the
// edit doesn't touch keeps its text, comments included); JSON through jsonc-parser, which edits the text in
// place and keeps comments. Each adds only what is missing: the user's own values win, and a second run
// returns the text unchanged.
import { diffLines } from 'diff';
import * as jsonc from 'jsonc-parser';
import { type ProxifiedModule, builders, generateCode, parseExpression, parseModule } from 'magicast';
import { posix } from 'node:path';

import type { ConfigCall, EnvVar } from './recipes';

/** An edit the command can't make to this file's shape: `edit` says what to do by hand. */
export class ManualEdit extends Error {
  constructor(
    readonly file: string,
    readonly why: string,
    readonly edit: string,
  ) {
    super(`${file}: ${why}`);
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- magicast's proxies are typed `any` by design. */
type Proxy = any;
type Node = any;

/** The names a call imports: its own `name` (comma-separated) from `from`, and its `imports`. */
export const importsOf = (call: ConfigCall) => [
  ...call.name.split(',').map((name) => ({ name: name.trim(), from: call.from })),
  ...(call.imports ?? []).flatMap(({ name, from }) =>
    name.split(',').map((each) => ({ name: each.trim(), from })),
  ),
];

/** How `file` imports `from`: a package as it is, a project file relative to it (`withExtension` for Vite's config loader). */
export function specifier(file: string, from: string, withExtension: boolean): string {
  if (!from.startsWith('src/')) return from;
  let path = posix.relative(posix.dirname(file), from);
  if (!withExtension) path = path.replace(/\.ts$/, '').replace(/\/index$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * Imports each name the module lacks: into its import from the same place if it has one, else as a new
 * line it returns, for `print` to put under the module's last import. A name imported from elsewhere is a
 * manual edit.
 */
function addImports(file: string, mod: ProxifiedModule, wanted: { name: string; from: string }[]): string[] {
  const lines = new Map<string, string[]>();
  for (const { name, from } of wanted) {
    const existing = mod.imports[name];
    if (existing) {
      if (existing.from !== from)
        throw new ManualEdit(
          file,
          `it imports ${name} from '${existing.from}', and the recipe needs it from '${from}'`,
          `import { ${name} } from '${from}';`,
        );
    } else if (mod.imports.$items.some((item) => item.from === from)) {
      mod.imports.$append({ from, imported: name, local: name });
    } else if (!lines.get(from)?.includes(name)) {
      lines.set(from, [...(lines.get(from) ?? []), name]);
    }
  }
  return [...lines].map(([from, names]) => `import { ${names.join(', ')} } from '${from}';`);
}

/** What identifies an expression among its siblings: a call's callee, a provider's token, an identifier. */
function keyOf(node: Node): string | undefined {
  if (!node) return undefined;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') return generateCode(node.callee).code;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ObjectExpression') {
    const provide = node.properties.find(
      (property: Node) => property.type === 'ObjectProperty' && property.key?.name === 'provide',
    );
    return provide ? `provide:${generateCode(provide.value).code}` : undefined;
  }
  return undefined;
}

const expression = (code: string): Node => (parseExpression(code) as Proxy).$ast;

/** A number of bytes reads better as `50 * 1024 * 1024` than as 52428800. */
function literal(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1024) {
    if (value % (1024 * 1024) === 0) return builders.raw(`${value / (1024 * 1024)} * 1024 * 1024`);
    if (value % 1024 === 0) return builders.raw(`${value / 1024} * 1024`);
  }
  return value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Whether the proxied value already equals `value` (objects: has each of its entries). */
function holds(current: Proxy, value: unknown): boolean {
  if (isPlainObject(value))
    return (
      current?.$type === 'object' && Object.entries(value).every(([key, each]) => holds(current[key], each))
    );
  if (Array.isArray(value))
    return current?.$type === 'array' && value.every((each, index) => holds(current[index], each));
  return current === value;
}

/** Sets each key `target` lacks, recursing into objects both have; adds missing array items. The user's values win. */
function mergeInto(target: Proxy, values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    const current = target[key];
    if (current === undefined) {
      if (isPlainObject(value)) {
        target[key] = {};
        mergeInto(target[key], value);
      } else if (Array.isArray(value)) {
        target[key] = [];
        addItems(target[key], value);
      } else {
        target[key] = literal(value);
      }
    } else if (isPlainObject(value) && current?.$type === 'object') {
      mergeInto(current, value);
    } else if (Array.isArray(value) && current?.$type === 'array') {
      addItems(current, value);
    }
  }
}

function addItems(array: Proxy, items: unknown[]) {
  for (const item of items) {
    if ([...array].some((each: Proxy) => holds(each, item))) continue;
    if (isPlainObject(item)) {
      array.push({});
      mergeInto(array[array.length - 1], item);
    } else {
      array.push(literal(item));
    }
  }
}

/** Adds each call to a proxied array (Nitro modules, Vite plugins) unless one with its callee is there. */
function addCalls(array: Proxy, calls: ConfigCall[]) {
  for (const { call } of calls) {
    const key = keyOf(expression(call));
    if ([...array].some((each: Proxy) => keyOf(each?.$ast) === key)) continue;
    array.push(builders.raw(call));
  }
}

/**
 * recast prints a property it adds to a multi-line object with a blank line before it. Drops the blank
 * lines the edit added, keeping every line the file had.
 */
function withoutAddedBlankLines(before: string, after: string): string {
  return diffLines(before, after)
    .map((part) => (part.added ? part.value.replace(/^[ \t]*\n/gm, '') : part.removed ? '' : part.value))
    .join('');
}

/**
 * The module printed back (recast keeps the text of what no edit touched; magicast prints the rest in the
 * file's quotes and indentation), with the new import lines under its last import and the file's final
 * line end.
 */
function print(mod: ProxifiedModule, before: string, imports: string[]): string {
  let code = withoutAddedBlankLines(before, generateCode(mod).code);
  if (imports.length > 0) {
    const lastImport = ((parseModule(code).$ast as Node).body as Node[]).findLast(
      (statement) => statement.type === 'ImportDeclaration',
    );
    const lines = code.split('\n');
    const quoted =
      /from "/.test(before) && !/from '/.test(before)
        ? imports.map((line) => line.replaceAll("'", '"'))
        : imports;
    lines.splice(lastImport ? lastImport.loc.end.line : 0, 0, ...quoted);
    code = lines.join('\n');
  }
  return before.endsWith('\n') && !code.endsWith('\n') ? `${code}\n` : code;
}

export interface ViteConfigEdits {
  /** Deep-merged into `analog({ nitro })`. */
  nitro: Record<string, unknown>;
  /** Deep-merged into `analog({ … })`. */
  analog: Record<string, unknown>;
  nitroModules: ConfigCall[];
  vitePlugins: ConfigCall[];
  /** Top-level Vite options, as code, and what that code imports. */
  vite: Record<string, string>;
  viteImports: ConfigCall[];
  /** Import specifiers (tsconfig `paths`) and the file each maps to, for Vite's and Nitro's resolvers. */
  aliases: Record<string, string>;
}

/** The options object of `export default defineConfig({ … })`, `defineConfig(() => ({ … }))` or `{ … }`. */
function configObject(mod: ProxifiedModule): Proxy | undefined {
  let config = mod.exports['default'];
  if (config?.$type === 'function-call') config = config.$args[0];
  if (config?.$type === 'arrow-function-expression' || config?.$type === 'function-expression')
    config = config.$body;
  return config?.$type === 'object' ? config : undefined;
}

const aliasCode = (path: string) => builders.raw(`fileURLToPath(new URL('${path}', import.meta.url))`);

/** vite.config.ts with the recipes' Vite and Nitro options; throws ManualEdit when its shape is not one it knows. */
export function editViteConfig(text: string, edits: ViteConfigEdits, file = 'vite.config.ts'): string {
  const mod = parseModule(text);
  const config = configObject(mod);
  const handEdit = () => viteConfigByHand(edits);
  if (!config)
    throw new ManualEdit(
      file,
      'its default export is not `defineConfig({ … })`, `defineConfig(() => ({ … }))` or an object',
      handEdit(),
    );
  const analogName = mod.imports.$items.find(
    (item) => item.from === '@analogjs/platform' && item.imported === 'default',
  )?.local;
  const analog =
    config.plugins?.$type === 'array' &&
    [...config.plugins].find((each: Proxy) => each?.$type === 'function-call' && each.$callee === analogName);
  if (!analog)
    throw new ManualEdit(file, 'its `plugins` has no `analog()` from @analogjs/platform', handEdit());
  if (analog.$args.length === 0) analog.$args.push({});
  const options = analog.$args[0];
  if (options?.$type !== 'object')
    throw new ManualEdit(file, 'the options of its `analog()` are not an object literal', handEdit());

  const calls = [...edits.nitroModules, ...edits.vitePlugins, ...edits.viteImports];
  const aliases = Object.entries(edits.aliases);
  const imports = addImports(file, mod, [
    ...(aliases.length > 0 ? [{ name: 'fileURLToPath', from: 'node:url' }] : []),
    ...calls.flatMap(importsOf).map(({ name, from }) => ({ name, from: specifier(file, from, true) })),
  ]);

  const addAliases = (owner: Proxy, where: string) => {
    if (aliases.length === 0) return;
    owner.alias ??= {};
    if (owner.alias.$type !== 'object')
      throw new ManualEdit(
        file,
        `its ${where}.alias is not an object literal`,
        aliases
          .map(([key, path]) => `'${key}': fileURLToPath(new URL('${path}', import.meta.url)),`)
          .join('\n'),
      );
    for (const [key, path] of aliases) owner.alias[key] ??= aliasCode(path);
  };
  config.resolve ??= {};
  addAliases(config.resolve, 'resolve');
  for (const [key, code] of Object.entries(edits.vite)) config[key] ??= builders.raw(code);
  if (config.plugins.$type === 'array') addCalls(config.plugins, edits.vitePlugins);
  mergeInto(options, edits.analog);
  const needsNitro =
    Object.keys(edits.nitro).length > 0 || edits.nitroModules.length > 0 || aliases.length > 0;
  if (needsNitro) {
    options.nitro ??= {};
    mergeInto(options.nitro, edits.nitro);
    addAliases(options.nitro, 'nitro');
    if (edits.nitroModules.length > 0) {
      options.nitro.modules ??= [];
      addCalls(options.nitro.modules, edits.nitroModules);
    }
  }
  return print(mod, text, imports);
}

/** The edits as a small vite.config.ts, for a reader to merge into a config the command can't edit. */
export function viteConfigByHand(edits: ViteConfigEdits): string {
  const minimal = [
    "import analog from '@analogjs/platform';",
    "import { defineConfig } from 'vite';",
    '',
    'export default defineConfig({',
    '  plugins: [analog()],',
    '});',
    '',
  ].join('\n');
  return editViteConfig(minimal, edits);
}

/** The indentation and line ends a JSON file uses, for the lines jsonc-parser adds. */
function formatting(text: string): jsonc.FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

function modify(text: string, path: jsonc.JSONPath, value: unknown, sorted = false): string {
  const edits = jsonc.modify(text, path, value, {
    formattingOptions: formatting(text),
    ...(sorted
      ? {
          getInsertionIndex: (properties: string[]) =>
            properties.filter((name) => name.localeCompare(String(path.at(-1))) < 0).length,
        }
      : {}),
  });
  return jsonc.applyEdits(text, edits);
}

export interface TsconfigEdits {
  paths: Record<string, string[]>;
  lib: string[];
  compilerOptions: Record<string, unknown>;
}

/** tsconfig.json with the recipes' `paths`, `lib` entries and compiler options it lacks. */
export function editTsconfig(text: string, edits: TsconfigEdits): string {
  let result = text;
  const options = () =>
    ((jsonc.parse(result) as { compilerOptions?: Record<string, unknown> }).compilerOptions ?? {}) as Record<
      string,
      unknown
    >;
  for (const [key, value] of Object.entries(edits.compilerOptions))
    if (options()[key] === undefined) result = modify(result, ['compilerOptions', key], value);
  for (const [key, value] of Object.entries(edits.paths)) {
    const paths = options()['paths'] as Record<string, string[]> | undefined;
    if (paths?.[key] === undefined) result = modify(result, ['compilerOptions', 'paths', key], value);
  }
  if (edits.lib.length > 0) {
    const lib = options()['lib'] as string[] | undefined;
    if (!lib) {
      result = modify(result, ['compilerOptions', 'lib'], ['ES2022', 'DOM', ...edits.lib]);
    } else {
      const has = new Set(lib.map((name) => name.toLowerCase()));
      for (const name of edits.lib)
        if (!has.has(name.toLowerCase()))
          result = modify(result, ['compilerOptions', 'lib', (options()['lib'] as string[]).length], name);
    }
  }
  return result;
}

/** package.json with each package it lacks, at its exact version (`@types/*` as devDependencies), and those it has at another version. */
export function editPackageJson(
  text: string,
  packages: Record<string, string>,
): { text: string; differing: { name: string; theirs: string; ours: string }[] } {
  let result = text;
  const differing: { name: string; theirs: string; ours: string }[] = [];
  const pkg = JSON.parse(text) as Record<string, Record<string, string> | undefined>;
  for (const [name, version] of Object.entries(packages)) {
    const theirs = pkg['dependencies']?.[name] ?? pkg['devDependencies']?.[name];
    if (theirs !== undefined) {
      if (theirs !== version) differing.push({ name, theirs, ours: version });
      continue;
    }
    const group = name.startsWith('@types/') ? 'devDependencies' : 'dependencies';
    result = modify(result, [group, name], version, true);
  }
  return { text: result, differing };
}

/** The `providers` array of the first `const x = { providers: [ … ] }` (exported or not) in the module. */
function providersArray(mod: ProxifiedModule): Node | undefined {
  for (const statement of (mod.$ast as Node).body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      let init = declarator.init;
      while (init && (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression'))
        init = init.expression;
      if (init?.type !== 'ObjectExpression') continue;
      const providers = init.properties.find(
        (property: Node) => property.type === 'ObjectProperty' && property.key?.name === 'providers',
      );
      if (providers?.value.type === 'ArrayExpression') return providers.value;
    }
  }
  return undefined;
}

/** The first call to `name` within `node`. */
function findCall(node: Node, name: string): Node | undefined {
  if (!node || typeof node !== 'object') return undefined;
  if (node.type === 'CallExpression' && node.callee?.name === name) return node;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'loc' || key === 'start' || key === 'end') continue;
    for (const each of Array.isArray(child) ? child : [child]) {
      const found = findCall(each, name);
      if (found) return found;
    }
  }
  return undefined;
}

export interface AppConfigEdits {
  providers: ConfigCall[];
  /** Each goes into `withInterceptors([…])`, before `requestContextInterceptor`. */
  interceptors: ConfigCall[];
}

/** src/app/app.config.ts (or app.config.server.ts) with the providers and interceptors it lacks. */
export function editAppConfig(text: string, edits: AppConfigEdits, file = 'src/app/app.config.ts'): string {
  const mod = parseModule(text);
  const providers = providersArray(mod);
  const byHand = (why: string, code: string[]) => {
    throw new ManualEdit(file, why, code.join('\n'));
  };
  if (!providers)
    byHand('it has no `const … = { providers: [ … ] }`', [
      ...[...edits.providers, ...edits.interceptors]
        .flatMap(importsOf)
        .map(({ name, from }) => `import { ${name} } from '${specifier(file, from, false)}';`),
      ...edits.providers.map(({ call }) => `providers: [ …, ${call} ]`),
      ...edits.interceptors.map(({ call }) => `withInterceptors([${call}, …])`),
    ]);
  const imports = addImports(
    file,
    mod,
    [...edits.providers, ...edits.interceptors]
      .flatMap(importsOf)
      .map(({ name, from }) => ({ name, from: specifier(file, from, false) })),
  );
  for (const { call } of edits.providers) {
    const node = expression(call);
    if (!providers.elements.some((each: Node) => keyOf(each) === keyOf(node))) providers.elements.push(node);
  }
  if (edits.interceptors.length > 0) {
    const withInterceptors = findCall(providers, 'withInterceptors');
    const list = withInterceptors?.arguments[0];
    if (list?.type !== 'ArrayExpression')
      byHand(
        'its `provideHttpClient(…)` has no `withInterceptors([ … ])`',
        edits.interceptors.map(({ call }) => `withInterceptors([${call}, requestContextInterceptor])`),
      );
    for (const { call } of edits.interceptors) {
      if (list.elements.some((each: Node) => keyOf(each) === call)) continue;
      const before = list.elements.findIndex((each: Node) => keyOf(each) === 'requestContextInterceptor');
      list.elements.splice(before < 0 ? list.elements.length : before, 0, expression(call));
    }
  }
  return print(mod, text, imports);
}

/** src/main.server.ts with its default export (the page renderer) passed through `wrapper.call`, once. */
export function editMainServer(text: string, wrapper: ConfigCall, file = 'src/main.server.ts'): string {
  const mod = parseModule(text);
  const rendered = mod.exports['default'];
  if (!rendered)
    throw new ManualEdit(
      file,
      'it has no default export',
      `export default ${wrapper.call}(render(App, config));`,
    );
  if (rendered.$type === 'function-call' && rendered.$callee === wrapper.call) return text;
  const imports = addImports(
    file,
    mod,
    importsOf(wrapper).map(({ name, from }) => ({ name, from: specifier(file, from, false) })),
  );
  mod.exports['default'] = builders.functionCall(wrapper.call, rendered);
  return print(mod, text, imports);
}

/** .env.example with each variable it lacks, after a comment that says what it means. */
export function editEnvExample(
  text: string | undefined,
  vars: Record<string, EnvVar & { recipe: string }>,
): string {
  const lines: string[] = [];
  for (const [name, { meaning, example, secret, recipe }] of Object.entries(vars)) {
    if (text !== undefined && new RegExp(`^\\s*(export\\s+)?${name}=`, 'm').test(text)) continue;
    lines.push(`# ${meaning} (recipe ${recipe}${secret ? '; a secret: set it, never commit it' : ''})`);
    lines.push(`${name}=${secret ? '' : (example ?? '')}`);
  }
  if (lines.length === 0) return text ?? '';
  const head = text === undefined || text === '' ? '' : text.endsWith('\n') ? `${text}\n` : `${text}\n\n`;
  return `${head}${lines.join('\n')}\n`;
}

/** A tag as written, without the spaces and self-closing slash that vary between hands. */
const normalTag = (tag: string) =>
  tag
    .trim()
    .replace(/\s*\/?>$/, '>')
    .replace(/\s+/g, ' ');

/** index.html without the lines that hold only one of the tags in `remove`. */
export function editIndexHtml(text: string, remove: string[]): string {
  const tags = new Set(remove.map(normalTag));
  return text
    .split('\n')
    .filter((line) => !tags.has(normalTag(line)))
    .join('\n');
}
