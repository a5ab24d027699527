// The edits `npm run recipe -- add` makes to an app's own files, each a function from the file's text to
// its new text. vite.config.ts goes through magicast (a Babel syntax tree printed back by recast, so what
// the edit doesn't touch keeps its text, comments included). In app.config.ts, app.config.server.ts and
// main.server.ts the same syntax tree says where an element or import goes and the text is inserted
// there, which keeps every other character. JSON goes through jsonc-parser, which edits the text in place
// and keeps comments. Each adds only what is missing: the user's own values win, and a second run returns
// the text unchanged.
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

/** A file of the app that is not what its name says (JSON that doesn't parse, a folder): the command writes nothing. */
export class InvalidFile extends Error {
  constructor(
    readonly file: string,
    readonly why: string,
  ) {
    super(`${file} ${why}`);
  }
}

/** The module in `text`, refused when it is not valid TypeScript. */
function parse(file: string, text: string): ProxifiedModule {
  try {
    return parseModule(text);
  } catch (error) {
    throw new InvalidFile(file, `is not valid TypeScript: ${(error as Error).message}`);
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

/**
 * Sets each key `target` lacks, recursing into objects both have; adds missing array items. The user's values
 * win, but a value the recipe merges into must be an object (or array) literal: else `refuse` says which.
 */
function mergeInto(target: Proxy, values: Record<string, unknown>, refuse: (why: string) => never, at = '') {
  for (const [key, value] of Object.entries(values)) {
    const current = target[key];
    if (current === undefined) {
      if (isPlainObject(value)) {
        target[key] = {};
        mergeInto(target[key], value, refuse);
      } else if (Array.isArray(value)) {
        target[key] = [];
        addItems(target[key], value, refuse);
      } else {
        target[key] = literal(value);
      }
    } else if (isPlainObject(value)) {
      if (current?.$type !== 'object') refuse(`its \`${at}${key}\` is not an object literal`);
      mergeInto(current, value, refuse, `${at}${key}.`);
    } else if (Array.isArray(value)) {
      if (current?.$type !== 'array') refuse(`its \`${at}${key}\` is not an array literal`);
      addItems(current, value, refuse);
    }
  }
}

function addItems(array: Proxy, items: unknown[], refuse: (why: string) => never) {
  for (const item of items) {
    if ([...array].some((each: Proxy) => holds(each, item))) continue;
    if (isPlainObject(item)) {
      array.push({});
      mergeInto(array[array.length - 1], item, refuse);
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

/** A key the object literal sets twice: JavaScript keeps the last, where magicast would edit the first. */
function keySetTwice(object: Node): string | undefined {
  const keys: string[] = object.properties
    .filter((property: Node) => property.key && !property.computed && !['get', 'set'].includes(property.kind))
    .map((property: Node) => property.key.name ?? String(property.key.value));
  return keys.find((key, index) => keys.indexOf(key) !== index);
}

/** vite.config.ts with the recipes' Vite and Nitro options; throws ManualEdit when its shape is not one it knows. */
export function editViteConfig(text: string, edits: ViteConfigEdits, file = 'vite.config.ts'): string {
  const mod = parse(file, text);
  const config = configObject(mod);
  const refuse = (why: string): never => {
    throw new ManualEdit(file, why, viteConfigByHand(edits));
  };
  if (!config)
    refuse('its default export is not `defineConfig({ … })`, `defineConfig(() => ({ … }))` or an object');
  const twice = findNode(config.$ast, (node) => node.type === 'ObjectExpression' && !!keySetTwice(node));
  if (twice) refuse(`it sets \`${keySetTwice(twice)}\` twice in one object, and only the last one counts`);
  const analogName = mod.imports.$items.find(
    (item) => item.from === '@analogjs/platform' && item.imported === 'default',
  )?.local;
  const analog =
    config.plugins?.$type === 'array' &&
    [...config.plugins].find((each: Proxy) => each?.$type === 'function-call' && each.$callee === analogName);
  if (!analog) refuse('its `plugins` has no `analog()` from @analogjs/platform');
  if (analog.$args.length === 0) analog.$args.push({});
  const options = analog.$args[0];
  if (options?.$type !== 'object') refuse('the options of its `analog()` are not an object literal');

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
  mergeInto(config, { resolve: {} }, refuse);
  addAliases(config.resolve, 'resolve');
  for (const [key, code] of Object.entries(edits.vite)) config[key] ??= builders.raw(code);
  if (config.plugins.$type === 'array') addCalls(config.plugins, edits.vitePlugins);
  mergeInto(options, edits.analog, refuse);
  const needsNitro =
    Object.keys(edits.nitro).length > 0 || edits.nitroModules.length > 0 || aliases.length > 0;
  if (needsNitro) {
    mergeInto(options, { nitro: edits.nitro }, refuse);
    addAliases(options.nitro, 'nitro');
    if (edits.nitroModules.length > 0) {
      mergeInto(options.nitro, { modules: [] }, refuse);
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

/**
 * A JSON file's value as npm and tsc read it (a byte order mark is allowed; comments and trailing commas where
 * `withComments`), refused when it is not valid or when it, or what `objects` names in it, is not an object.
 */
function parseJson(file: string, text: string, objects: string[], withComments = false) {
  const errors: jsonc.ParseError[] = [];
  const json = text.replace(/^\uFEFF/, '');
  const value: unknown = jsonc.parse(json, errors, {
    disallowComments: !withComments,
    allowTrailingComma: withComments,
  });
  const [error] = errors;
  if (error) {
    const lines = json.slice(0, error.offset).split('\n');
    throw new InvalidFile(
      file,
      `is not valid JSON: ${jsonc.printParseErrorCode(error.error)} at line ${lines.length}, column ${lines.at(-1)!.length + 1}`,
    );
  }
  if (!isPlainObject(value)) throw new InvalidFile(file, 'is not a JSON object');
  const at = (path: string) => path.split('.').reduce<any>((object, key) => object?.[key], value);
  const wrong = objects.find((path) => at(path) !== undefined && !isPlainObject(at(path)));
  if (wrong) throw new InvalidFile(file, `has a "${wrong}" that is not an object`);
  return value;
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
  parseJson('tsconfig.json', text, ['compilerOptions', 'compilerOptions.paths'], true);
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
  const lib = jsonc.findNodeAtLocation(jsonc.parseTree(result)!, ['compilerOptions', 'lib']);
  const missing = edits.lib.filter(
    (name) => !lib?.children?.some((each) => String(each.value).toLowerCase() === name.toLowerCase()),
  );
  if (!lib) {
    if (missing.length > 0)
      result = modify(result, ['compilerOptions', 'lib'], ['ES2022', 'DOM', ...missing]);
  } else if (missing.length > 0 && lib.type === 'array') {
    // Added beside the entries, as the array is laid out (jsonc-parser would put each on a line of its own).
    const last = lib.children!.at(-1);
    const added = missing.map((name) => JSON.stringify(name));
    const multiLine = !!last && result.slice(lib.offset, last.offset).includes('\n');
    const indent = multiLine ? /[ \t]*$/.exec(result.slice(0, last.offset))![0] : '';
    const text = last
      ? added.map((name) => (multiLine ? `,\n${indent}${name}` : `, ${name}`)).join('')
      : added.join(', ');
    const at = last ? last.offset + last.length : lib.offset + 1;
    result = result.slice(0, at) + text + result.slice(at);
  }
  return result;
}

/** package.json's value, refused when it is not JSON or its dependencies are not objects. */
export const parsePackageJson = (text: string) =>
  parseJson('package.json', text, ['dependencies', 'devDependencies']) as Record<
    string,
    Record<string, string> | undefined
  >;

/** package.json with each package it lacks, at its exact version (`@types/*` as devDependencies), and those it has at another version. */
export function editPackageJson(
  text: string,
  packages: Record<string, string>,
): { text: string; differing: { name: string; theirs: string; ours: string }[] } {
  let result = text;
  const differing: { name: string; theirs: string; ours: string }[] = [];
  const pkg = parsePackageJson(text);
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

/** package.json with the package it lists set to `version`, or without it when `version` is undefined. */
export function setPackageVersion(text: string, name: string, version: string | undefined): string {
  const pkg = parsePackageJson(text);
  const group = ['dependencies', 'devDependencies'].find((each) => pkg[each]?.[name] !== undefined);
  return group ? modify(text, [group, name], version) : text;
}

/** Text to insert at an offset of the original text. */
interface Splice {
  at: number;
  text: string;
}

/** The text with each splice inserted; splices at one offset go in the order given. */
function applySplices(text: string, splices: Splice[]): string {
  const sorted = [...splices].sort((a, b) => a.at - b.at);
  let result = '';
  let from = 0;
  for (const { at, text: inserted } of sorted) {
    result += text.slice(from, at) + inserted;
    from = at;
  }
  return result + text.slice(from);
}

/** The insertion of `code` into an array literal before element `index` (or at its end), laid out as the array is. */
function elementSplice(text: string, array: Node, index: number, code: string): Splice {
  const elements: Node[] = array.elements;
  if (elements.length === 0) return { at: array.start + 1, text: code };
  const first = elements[0];
  const multiLine = first.loc.start.line > array.loc.start.line;
  const indent = multiLine ? text.slice(text.lastIndexOf('\n', first.start) + 1, first.start) : '';
  if (index < elements.length)
    return { at: elements[index].start, text: multiLine ? `${code},\n${indent}` : `${code}, ` };
  const last = elements.at(-1);
  const comma = text.slice(last.end, array.end - 1).indexOf(',');
  if (!multiLine) return { at: last.end, text: `, ${code}` };
  return comma >= 0
    ? { at: last.end + comma + 1, text: `\n${indent}${code},` }
    : { at: last.end, text: `,\n${indent}${code}` };
}

/**
 * The imports the module lacks, as splices: a name joins the module's named import from the same place,
 * else a new line goes under its last import. A name imported from elsewhere is a manual edit.
 */
function importSplices(
  file: string,
  text: string,
  ast: Node,
  wanted: { name: string; from: string }[],
): Splice[] {
  const declarations: Node[] = ast.body.filter((statement: Node) => statement.type === 'ImportDeclaration');
  const splices: Splice[] = [];
  const lines = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const { name, from } of wanted) {
    if (seen.has(name)) continue;
    seen.add(name);
    const existing = declarations.find((declaration) =>
      declaration.specifiers.some((specifier: Node) => specifier.local.name === name),
    );
    if (existing) {
      if (existing.source.value !== from)
        throw new ManualEdit(
          file,
          `it imports ${name} from '${existing.source.value}', and the recipe needs it from '${from}'`,
          `import { ${name} } from '${from}';`,
        );
      continue;
    }
    const named = declarations.find(
      (declaration) =>
        declaration.source.value === from &&
        declaration.specifiers.some((specifier: Node) => specifier.type === 'ImportSpecifier'),
    );
    if (named) splices.push({ at: named.specifiers.at(-1).end, text: `, ${name}` });
    else lines.set(from, [...(lines.get(from) ?? []), name]);
  }
  const quote = declarations[0] ? text[declarations[0].source.start] : "'";
  const newLines = [...lines].map(
    ([from, names]) => `import { ${names.join(', ')} } from ${quote}${from}${quote};`,
  );
  if (newLines.length > 0) {
    const last = declarations.at(-1);
    splices.push(
      last
        ? { at: last.end, text: `\n${newLines.join('\n')}` }
        : { at: 0, text: `${newLines.join('\n')}\n\n` },
    );
  }
  return splices;
}

/** The `providers` array of the first `const x = { providers: [ … ] }` (exported or not) in the module. */
function providersArray(ast: Node): Node | undefined {
  for (const statement of ast.body as Node[]) {
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

/** The first node within `node`, itself included, that passes `test`. */
function findNode(node: Node, test: (node: Node) => boolean): Node | undefined {
  if (!node || typeof node !== 'object') return undefined;
  if (test(node)) return node;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'loc' || key === 'start' || key === 'end') continue;
    for (const each of Array.isArray(child) ? child : [child]) {
      const found = findNode(each, test);
      if (found) return found;
    }
  }
  return undefined;
}

/** The first call to `name` within `node`. */
const findCall = (node: Node, name: string) =>
  findNode(node, (each) => each.type === 'CallExpression' && each.callee?.name === name);

export interface AppConfigEdits {
  providers: ConfigCall[];
  /** Each goes into `withInterceptors([…])`, before `requestContextInterceptor`. */
  interceptors: ConfigCall[];
}

/**
 * src/app/app.config.ts (or app.config.server.ts) with the providers and interceptors it lacks. The
 * syntax tree says where; the text is inserted there, so every other character stays as it was.
 */
export function editAppConfig(text: string, edits: AppConfigEdits, file = 'src/app/app.config.ts'): string {
  const ast = parse(file, text).$ast as Node;
  const providers = providersArray(ast);
  const wanted = [...edits.providers, ...edits.interceptors]
    .flatMap(importsOf)
    .map(({ name, from }) => ({ name, from: specifier(file, from, false) }));
  if (!providers)
    throw new ManualEdit(
      file,
      'it has no `const … = { providers: [ … ] }`',
      [
        ...wanted.map(({ name, from }) => `import { ${name} } from '${from}';`),
        ...edits.providers.map(({ call }) => `providers: [ …, ${call} ]`),
        ...edits.interceptors.map(({ call }) => `withInterceptors([${call}, …])`),
      ].join('\n'),
    );
  const splices: Splice[] = [];
  const present = new Set(providers.elements.map(keyOf));
  for (const { call } of edits.providers) {
    const key = keyOf(expression(call));
    if (present.has(key)) continue;
    present.add(key);
    splices.push(elementSplice(text, providers, providers.elements.length, call));
  }
  if (edits.interceptors.length > 0) {
    const list = findCall(providers, 'withInterceptors')?.arguments[0];
    if (list?.type !== 'ArrayExpression')
      throw new ManualEdit(
        file,
        'its `provideHttpClient(…)` has no `withInterceptors([ … ])`',
        `withInterceptors([${edits.interceptors.map(({ call }) => call).join(', ')}, requestContextInterceptor])`,
      );
    const listed = new Set(list.elements.map(keyOf));
    const before = list.elements.findIndex((each: Node) => keyOf(each) === 'requestContextInterceptor');
    for (const { call } of edits.interceptors) {
      if (listed.has(call)) continue;
      listed.add(call);
      splices.push(elementSplice(text, list, before < 0 ? list.elements.length : before, call));
    }
  }
  if (splices.length === 0) return text;
  return applySplices(text, [...importSplices(file, text, ast, wanted), ...splices]);
}

/** src/main.server.ts with its default export (the page renderer) passed through `wrapper.call`, once. */
export function editMainServer(text: string, wrapper: ConfigCall, file = 'src/main.server.ts'): string {
  const ast = parse(file, text).$ast as Node;
  const exported = (ast.body as Node[]).find((statement) => statement.type === 'ExportDefaultDeclaration');
  const rendered = exported?.declaration;
  if (!rendered || !/Expression|Identifier/.test(rendered.type))
    throw new ManualEdit(
      file,
      'its default export is not the page renderer',
      `export default ${wrapper.call}(render(App, config));`,
    );
  if (rendered.type === 'CallExpression' && rendered.callee?.name === wrapper.call) return text;
  const wanted = importsOf(wrapper).map(({ name, from }) => ({ name, from: specifier(file, from, false) }));
  return applySplices(text, [
    ...importSplices(file, text, ast, wanted),
    { at: rendered.start, text: `${wrapper.call}(` },
    { at: rendered.end, text: ')' },
  ]);
}

/** .env.example with each variable it lacks, after a comment that says what it means. */
export function editEnvExample(
  text: string | undefined,
  vars: Record<string, EnvVar & { recipe: string }>,
): string {
  const lines: string[] = [];
  for (const [name, { meaning, example, secret, recipe }] of Object.entries(vars)) {
    if (text !== undefined && new RegExp(`^\\s*(export\\s+)?${name}=`, 'm').test(text)) continue;
    lines.push(`# ${meaning}.`);
    lines.push(
      `# ${secret ? 'A secret: set it where the server runs, never commit it. ' : ''}Recipe: ${recipe}.`,
    );
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
