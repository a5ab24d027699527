// `npm run test:recipes [-- name …]`: the copy test. For each recipe, a fresh stock Analog 2.7 app
// (bench/anchor's skeleton) gets exactly the manifest's files (its own and those of the recipes
// it depends on), its packages and its configuration; `vite build` builds it, the production
// server starts, and the recipe's requests must get their answers. A file the manifest misses
// fails the build or a request. Run `npm run recipes` first if recipes.ts changed.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

import type { Manifest, RecipeManifest } from './manifest';
import type { ConfigCall, RecipeConfig, RecipeRequest } from './recipes';
import { deriveServerFnId } from '@analogjs/vite-plugin-nitro/server-fn-id';
import WebSocket from 'ws';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'tools/recipes/manifest.json'), 'utf8')) as Manifest;
const byName = new Map(manifest.recipes.map((recipe) => [recipe.name, recipe]));
const stockSkeleton = join(root, 'bench/anchor');
const migrationsIndex = 'src/server/migrations/index.ts';

/** The recipe with everything it depends on, dependencies first. */
const withDependencies = (recipe: RecipeManifest) => [
  ...recipe.dependsOn.map((name) => byName.get(name)!),
  recipe,
];

/** Deep merge of plain objects (later wins), for configuration several recipes add to. */
function merge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] =
      current && value && typeof current === 'object' && typeof value === 'object' && !Array.isArray(value)
        ? merge({ ...(current as Record<string, unknown>) }, value as Record<string, unknown>)
        : value;
  }
  return target;
}

/** The stock template's vite.config.ts, plus what the recipes' configuration adds. */
function viteConfig(configs: RecipeConfig[], paths: Record<string, string[]>): string {
  const calls: ConfigCall[] = configs.flatMap(({ nitroModules = [], vitePlugins = [], viteImports = [] }) => [
    ...nitroModules,
    ...vitePlugins,
    ...viteImports,
  ]);
  const imports = new Map<string, Set<string>>();
  for (const { name, from } of calls) imports.set(from, (imports.get(from) ?? new Set()).add(name));
  const nitro = configs.reduce((all, { nitro = {} }) => merge(all, nitro), {} as Record<string, unknown>);
  const analog = configs.reduce((all, { analog = {} }) => merge(all, analog), {} as Record<string, unknown>);
  const vite = Object.assign({}, ...configs.map(({ vite = {} }) => vite)) as Record<string, string>;
  const modules = configs.flatMap(({ nitroModules = [] }) => nitroModules.map(({ call }) => call));
  const plugins = configs.flatMap(({ vitePlugins = [] }) => vitePlugins.map(({ call }) => call));
  const aliases = Object.entries(paths).map(
    ([key, [target]]) => `  ${JSON.stringify(key)}: fromRoot(${JSON.stringify(target)}),`,
  );
  return [
    "import analog from '@analogjs/platform';",
    "import { fileURLToPath } from 'node:url';",
    "import { defineConfig } from 'vite';",
    ...[...imports].map(([from, names]) => `import { ${[...names].join(', ')} } from './${from}';`),
    '',
    'const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));',
    `const alias = {\n${aliases.join('\n')}\n};`,
    '',
    'export default defineConfig({',
    "  build: { target: ['es2022'] },",
    "  resolve: { mainFields: ['module'], alias },",
    ...Object.entries(vite).map(([key, code]) => `  ${key}: ${code},`),
    '  plugins: [',
    '    analog({',
    '      ssr: true,',
    '      prerender: { routes: [] },',
    ...Object.entries(analog).map(([key, value]) => `      ${key}: ${JSON.stringify(value)},`),
    '      nitro: {',
    '        alias,',
    ...Object.entries(nitro).map(([key, value]) => `        ${key}: ${JSON.stringify(value)},`),
    `        modules: [${modules.join(', ')}],`,
    '      },',
    '    }),',
    ...plugins.map((call) => `    ${call},`),
    '  ],',
    '});',
    '',
  ].join('\n');
}

/** The stock tsconfig.json, with the recipes' `paths` and compiler options, and the tsconfig.app.json Analog's Angular compiler reads. */
const tsconfigs = (paths: Record<string, string[]>, options: Record<string, unknown>) => ({
  'tsconfig.json': {
    compilerOptions: {
      ...options,
      strict: true,
      target: 'ES2022',
      module: 'ES2022',
      moduleResolution: 'bundler',
      experimentalDecorators: true,
      useDefineForClassFields: false,
      skipLibCheck: true,
      isolatedModules: true,
      lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      paths,
    },
    files: [],
    references: [{ path: './tsconfig.app.json' }],
  },
  'tsconfig.app.json': {
    extends: './tsconfig.json',
    compilerOptions: { outDir: './out-tsc/app', types: ['node', 'vite/client'] },
    files: ['src/main.ts', 'src/main.server.ts'],
    include: ['src/**/*.ts'],
  },
});

/** The migrations index, as a reader writes it: the migrations the copy holds, oldest first. */
function writeMigrationsIndex(app: string) {
  const folder = join(app, 'src/server/migrations');
  const migrations = readdirSync(folder)
    .filter((file) => /^\d{3}-.*\.ts$/.test(file) && !file.endsWith('.spec.ts'))
    .sort();
  const name = (file: string) => `m${file.slice(0, 3)}`;
  writeFileSync(
    join(app, migrationsIndex),
    [
      "import type { Migration } from './migration';",
      ...migrations.map((file) => `import ${name(file)} from './${file.replace(/\.ts$/, '')}';`),
      '',
      `export const migrations: readonly Migration[] = [${migrations.map(name).join(', ')}];`,
      '',
    ].join('\n'),
  );
}

/**
 * node_modules as a stock app plus the recipes' packages has it: every installed package but the
 * repo's own dependencies that neither the stock app nor the recipes list.
 */
function linkNodeModules(app: string, allowed: Set<string>) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const hidden = new Set(
    [...Object.keys(pkg['dependencies'] ?? {}), ...Object.keys(pkg['devDependencies'] ?? {})].filter(
      (name) => !allowed.has(name),
    ),
  );
  const source = join(root, 'node_modules');
  const target = join(app, 'node_modules');
  mkdirSync(target);
  for (const entry of readdirSync(source)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      mkdirSync(join(target, entry));
      for (const scoped of readdirSync(join(source, entry))) {
        if (!hidden.has(`${entry}/${scoped}`))
          symlinkSync(join(source, entry, scoped), join(target, entry, scoped));
      }
    } else if (!hidden.has(entry)) {
      symlinkSync(join(source, entry), join(target, entry));
    }
  }
}

/** The stock src/app/app.config.ts with the recipes' providers after its own, each once (two recipes may need one). */
function addProviders(app: string, all: ConfigCall[]) {
  const providers = all.filter(
    (provider, index) =>
      all.findIndex(({ from, call }) => from === provider.from && call === provider.call) === index,
  );
  if (providers.length === 0) return;
  const file = join(app, 'src/app/app.config.ts');
  const stock = readFileSync(file, 'utf8');
  const from = (path: string) =>
    path.startsWith('src/') ? `./${relative('src/app', path).replace(/\.ts$/, '')}` : path;
  const imports = providers.map(({ name, from: path }) => `import { ${name} } from '${from(path)}';`);
  const end = stock.lastIndexOf('  ],\n};');
  writeFileSync(
    file,
    `${imports.join('\n')}\n${stock.slice(0, end)}${providers.map(({ call }) => `    ${call},\n`).join('')}${stock.slice(end)}`,
  );
}

const picked = (packages: Record<string, string>, keep: (name: string) => boolean) =>
  Object.fromEntries(Object.entries(packages).filter(([name]) => keep(name)));

/** Makes the stock app with the recipe's files; returns its folder. */
function assemble(recipe: RecipeManifest): string {
  const app = mkdtempSync(join(tmpdir(), `recipe-${recipe.name}-`));
  const recipes = withDependencies(recipe);
  for (const file of manifest.stock.files) cpSync(join(stockSkeleton, file), join(app, file));
  const files = recipes.flatMap(({ files }) => files.map(({ path }) => path));
  for (const file of files) {
    mkdirSync(dirname(join(app, file)), { recursive: true });
    cpSync(join(root, file), join(app, file));
  }
  if (files.includes(migrationsIndex)) writeMigrationsIndex(app);
  addProviders(
    app,
    recipes.flatMap(({ config }) => config.appProviders ?? []),
  );
  const packages = Object.assign({}, ...recipes.map(({ packages }) => packages)) as Record<string, string>;
  const paths = Object.assign({}, ...recipes.map(({ tsconfigPaths }) => tsconfigPaths)) as Record<
    string,
    string[]
  >;
  const stock = JSON.parse(readFileSync(join(root, 'tools/recipes/stock-packages.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  const versions = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const pinned = (names: string[]) =>
    Object.fromEntries(
      names.map((name) => [name, versions['dependencies']![name] ?? versions['devDependencies']![name]!]),
    );
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify(
      {
        name: `recipe-${recipe.name}`,
        private: true,
        type: 'module',
        dependencies: {
          ...pinned(stock['dependencies']!),
          ...picked(packages, (name) => !name.startsWith('@types/')),
        },
        devDependencies: {
          ...pinned(stock['devDependencies']!),
          ...picked(packages, (name) => name.startsWith('@types/')),
        },
      },
      null,
      2,
    )}\n`,
  );
  const compilerOptions = Object.assign({}, ...recipes.map(({ config }) => config.compilerOptions)) as Record<
    string,
    unknown
  >;
  for (const [file, config] of Object.entries(tsconfigs(paths, compilerOptions)))
    writeFileSync(join(app, file), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(
    join(app, 'vite.config.ts'),
    viteConfig(
      recipes.map(({ config }) => config),
      paths,
    ),
  );
  linkNodeModules(app, new Set([...manifest.stock.packages, ...Object.keys(packages)]));
  return app;
}

/** A failed build's errors: its lines that name one, else its last lines (bundlers print long file lists after). */
function errorLines(output: string): string {
  const lines = output.split('\n');
  const errors = lines.filter(
    (line) => /error|could not|cannot find|not exported|does not exist/i.test(line) && !/^\s+at /.test(line),
  );
  return (errors.length > 0 ? errors.slice(0, 20) : lines.slice(-30)).join('\n');
}

/** Runs a command in `cwd`; resolves with its output, rejects with the output's tail. */
function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${errorLines(output)}`)),
    );
  });
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts the built server; resolves once it answers. */
async function start(
  app: string,
  env: Record<string, string>,
): Promise<{ server: ChildProcess; baseUrl: string; log: () => string }> {
  const port = await freePort();
  const server = spawn(process.execPath, ['dist/analog/server/index.mjs'], {
    cwd: app,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(app, '.data'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // A loaded machine starts a server slowly: up to 60 s.
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server exited ${server.exitCode}:\n${output}`);
    try {
      await fetch(`${baseUrl}/`);
      return { server, baseUrl, log: () => output };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  server.kill();
  throw new Error(`the server did not answer within 60 s:\n${output}`);
}

/** True when `actual` holds every value of `expected` (arrays: the first items, in order). */
function contains(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.every((item, index) => contains(actual[index], item));
  }
  if (expected && typeof expected === 'object') {
    return (
      !!actual &&
      typeof actual === 'object' &&
      Object.entries(expected).every(([key, value]) =>
        contains((actual as Record<string, unknown>)[key], value),
      )
    );
  }
  return isDeepStrictEqual(actual, expected);
}

/** `{serverFn:<file>#<name>}` is the URL Analog's build gives that server function. */
const resolvePath = (path: string) =>
  path.replace(
    /\{serverFn:([^#}]+)#(\w+)\}/,
    (_match, file: string, name: string) => `/_analog/fn/${deriveServerFnId(file, name)}`,
  );

/** Sends one request (with the cookies set so far); returns what is wrong with the answer, if anything. */
/** A `websocket` request: opens it (or sees it refused), then sends and waits for a frame, all within 5 s. */
function checkWebSocket(
  baseUrl: string,
  request: RecipeRequest,
  cookie: string,
): Promise<string | undefined> {
  const { origin = baseUrl, send, receive } = request.websocket ?? {};
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${request.path}`, {
    headers: { origin, ...(cookie ? { cookie } : {}) },
  });
  const expectStatus = (status: number) =>
    status === request.status ? undefined : `status ${status}, expected ${request.status}`;
  return new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(
      () => resolve(`no frame containing ${JSON.stringify(receive)} within 5 s`),
      5_000,
    );
    const done = (problem: string | undefined) => {
      clearTimeout(timer);
      socket.terminate();
      resolve(problem);
    };
    socket.once('unexpected-response', (_request, response) => done(expectStatus(response.statusCode ?? 0)));
    socket.once('error', (error) => done(`WebSocket error: ${error.message}`));
    socket.once('open', () => {
      if (request.status !== 101) return done(expectStatus(101));
      if (send !== undefined) socket.send(JSON.stringify(send));
      if (receive === undefined) return done(undefined);
      socket.on('message', (data) => {
        if (data.toString().includes(receive)) done(undefined);
      });
    });
  });
}

async function check(
  baseUrl: string,
  request: RecipeRequest,
  cookies: Map<string, string>,
  env: Record<string, string>,
): Promise<string | undefined> {
  if (request.websocket) {
    return checkWebSocket(
      baseUrl,
      request,
      [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    );
  }
  const body =
    request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body);
  const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const signature: Record<string, string> = {};
  if (request.sign) {
    const timestamp = Math.floor(Date.now() / 1000);
    const hmac = createHmac('sha256', env[request.sign.secretEnv] ?? '').update(`${timestamp}.${body ?? ''}`);
    signature[request.sign.header] = `t=${timestamp},v1=${hmac.digest('hex')}`;
  }
  const controller = new AbortController();
  // No request may hang the run: 30 s each, an event stream 5 s (below).
  const timeout = setTimeout(() => controller.abort(), 30_000);
  const response = await fetch(`${baseUrl}${resolvePath(request.path)}`, {
    method: request.method,
    headers: { ...request.headers, ...signature, ...(cookie ? { cookie } : {}) },
    body,
    redirect: 'manual',
    signal: controller.signal,
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    cookies.set(name!.trim(), value.join('='));
  }
  const streamed = response.headers.get('content-type')?.startsWith('text/event-stream');
  let text = '';
  if (streamed) {
    // An event stream never ends: read until the expected text arrives, for at most 5 s.
    clearTimeout(timeout);
    const reader = response.body!.getReader();
    const timer = setTimeout(() => controller.abort(), 5_000);
    try {
      while (!text.includes(request.text ?? '')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
        if (!request.text) break;
      }
    } catch {
      // Aborted after 5 s: judged on what arrived.
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  } else {
    text = await response.text();
    clearTimeout(timeout);
  }
  const problems: string[] = [];
  if (response.status !== request.status)
    problems.push(`status ${response.status}, expected ${request.status}`);
  for (const [name, value] of Object.entries(request.responseHeaders ?? {})) {
    if (!response.headers.get(name)?.includes(value))
      problems.push(`header ${name}: ${response.headers.get(name)}, expected to contain ${value}`);
  }
  if (request.text !== undefined && !text.includes(request.text))
    problems.push(`body lacks ${JSON.stringify(request.text)}`);
  if (request.json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!contains(parsed, request.json)) problems.push(`JSON lacks ${JSON.stringify(request.json)}`);
  }
  return problems.length > 0 ? `${problems.join('; ')}\n      body: ${text.slice(0, 400)}` : undefined;
}

interface Outcome {
  name: string;
  files: number;
  lines: number;
  seconds: number;
  failure?: string;
}

/** The lesson: a recipe's entry files (its routes, pages, plugins, migrations, module), in lines. */
const lessonLines = ({ entries, files }: RecipeManifest) =>
  files
    .filter(({ path }) =>
      entries.some((entry) => path === entry || (entry.endsWith('/') && path.startsWith(entry))),
    )
    .reduce((sum, { lines }) => sum + lines, 0);

async function copyTest(recipe: RecipeManifest): Promise<Outcome> {
  const started = Date.now();
  const recipes = withDependencies(recipe);
  const size = {
    files: recipes.reduce((sum, { files }) => sum + files.length, 0),
    lines: recipes.reduce((sum, { lines }) => sum + lines, 0),
  };
  const done = (failure?: string) => ({
    name: recipe.name,
    ...size,
    seconds: (Date.now() - started) / 1000,
    failure,
  });
  const app = assemble(recipe);
  try {
    await run(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      app,
    );
  } catch (error) {
    return done(`vite build failed (the app is kept in ${app}):\n${(error as Error).message}`);
  }
  const env = Object.assign({}, ...recipes.map(({ config }) => config.env ?? {})) as Record<string, string>;
  let started_: Awaited<ReturnType<typeof start>>;
  try {
    started_ = await start(app, env);
  } catch (error) {
    return done(`${(error as Error).message}\n(the app is kept in ${app})`);
  }
  const { server, baseUrl, log } = started_;
  const cookies = new Map<string, string>();
  const failures: string[] = [];
  // Each recipe's requests run in order, the ones of the recipes it depends on first.
  for (const each of recipes) {
    for (const request of each.requests) {
      const problem = await check(baseUrl, request, cookies, env).catch((error: Error) => error.message);
      if (problem) failures.push(`${each.name}: ${request.method} ${request.path}: ${problem}`);
    }
  }
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill();
    await exited;
  }
  if (failures.length > 0)
    return done(`${failures.join('\n')}\nserver log:\n${log().slice(-3000)}\n(the app is kept in ${app})`);
  rmSync(app, { recursive: true, force: true });
  return done();
}

/**
 * Which apps to build. By default one per recipe no other recipe builds on, with the recipes it
 * depends on: their requests run there too, so every recipe is tested in ⌈a leaf's⌉ app, and
 * the import graph already proves each dependency's files complete on their own. `--each`
 * builds every recipe alone; names pick recipes.
 */
const args = process.argv.slice(2);
const each = args.includes('--each');
const only = args.filter((arg) => !arg.startsWith('--'));
const ready = manifest.recipes.filter(({ pending }) => !pending);
const leaves = ready.filter(({ name }) => !ready.some(({ dependsOn }) => dependsOn.includes(name)));
const chosen =
  only.length > 0 ? manifest.recipes.filter(({ name }) => only.includes(name)) : each ? ready : leaves;
if (manifest.problems.length > 0) {
  console.error(`The manifest has problems (npm run recipes):\n${manifest.problems.join('\n')}`);
  process.exit(1);
}
for (const { name, pending } of manifest.recipes)
  if (pending) console.warn(`- ${name}: skipped, pending: ${pending}`);

/** Two apps at a time: a build uses about one core, and CI machines have two or more. */
const jobs = Math.max(1, Math.min(2, availableParallelism()));
const started = Date.now();
const queue = [...chosen];
const outcomes: Outcome[] = [];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let recipe = queue.shift(); recipe; recipe = queue.shift()) {
      const outcome = await copyTest(recipe);
      outcomes.push(outcome);
      const tested = withDependencies(recipe)
        .map(({ name }) => name)
        .join(' + ');
      console.warn(
        `${outcome.failure ? 'FAIL' : 'ok'} ${tested}: ${outcome.files} files, ${outcome.lines} lines copied, ${outcome.seconds.toFixed(0)} s`,
      );
      console.warn(
        withDependencies(recipe)
          .map(
            (each) =>
              `    ${each.name}: lesson ${lessonLines(each)} lines, ${each.files.length} files, ${each.lines} lines`,
          )
          .join('\n'),
      );
      if (outcome.failure) console.error(`    ${outcome.failure.replaceAll('\n', '\n    ')}`);
    }
  }),
);
const tested = new Set(chosen.flatMap((recipe) => withDependencies(recipe).map(({ name }) => name)));
console.warn(
  `copy test: ${outcomes.filter(({ failure }) => !failure).length}/${outcomes.length} apps, ${tested.size} recipes, ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exitCode = outcomes.some(({ failure }) => failure) ? 1 : 0;
