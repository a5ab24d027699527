// `npm run test:recipes [-- name …]`: the copy test. For each recipe, a fresh copy of the stock app
// (tools/recipes/stock-app, what Analog 2.7's generator writes) gets the recipe the way a reader adds it:
// `npm run recipe -- add <name> --to <app>`, and nothing else. `vite build` builds it, the production
// server starts, and the recipe's requests (those of the recipes it builds on first) must get their
// answers, its pages as a browser gets them; the server's log of the whole run must hold no error.
// A file the manifest misses, or an edit the command leaves out, fails the build, a request or the log.
// The apps of the recipes changed lately go through their life cycle instead: added from an older commit, edited,
// updated, one recipe removed (copy-lifecycle.ts); the build is then the one checked.
// Run `npm run recipes` first if recipes.ts changed.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

import { type LifeCycle, lifeCycle } from './copy-lifecycle';
import type { Manifest, RecipeManifest } from './manifest';
import type { RecipeRequest } from './recipes';
import { template } from './templates';
import { deriveServerFnId } from '@analogjs/vite-plugin-nitro/server-fn-id';
import WebSocket from 'ws';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'tools/recipes/manifest.json'), 'utf8')) as Manifest;
const byName = new Map(manifest.recipes.map((recipe) => [recipe.name, recipe]));
/** `--template latest`: the generator's Angular 22 app, on node_modules of its own (templates.ts). */
const templateArg = process.argv.indexOf('--template');
const stock = template(templateArg > 0 ? process.argv[templateArg + 1]! : 'angular-v21', root, manifest);
const stockApp = stock.stockApp;

/** The recipe with everything it depends on, dependencies first. */
const withDependencies = (recipe: RecipeManifest) => [
  ...recipe.dependsOn.map((name) => byName.get(name)!),
  recipe,
];

const packageNames = (app: string) => {
  const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;
  return [...Object.keys(pkg['dependencies'] ?? {}), ...Object.keys(pkg['devDependencies'] ?? {})];
};

/**
 * node_modules as `npm install` would give the app: this repo's (or the template's own), less the
 * packages that folder's package.json lists that the app's (the stock app's plus what the command added) does not.
 */
function linkNodeModules(app: string, modules = root) {
  const allowed = new Set(packageNames(app));
  const hidden = new Set(packageNames(modules).filter((name) => !allowed.has(name)));
  const source = join(modules, 'node_modules');
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

/**
 * A fresh copy of the stock app, with the recipe added by the command, or through the life cycle (added at an
 * older commit, edited, updated: copy-lifecycle.ts); returns its folder and how it got the recipe.
 */
async function assemble(recipe: RecipeManifest, life: LifeCycle): Promise<{ app: string; how?: string }> {
  const app = mkdtempSync(join(tmpdir(), `recipe-${recipe.name}-`));
  // What the generator writes, without what an install or a build there may have added.
  cpSync(stockApp, app, {
    recursive: true,
    filter: (path) => !/[\\/](node_modules|dist|package-lock\.json)$/.test(path),
  });
  let how: string | undefined;
  try {
    if (life.includes(recipe)) how = await life.assemble(app, stockApp, recipe);
    else await run('npm', ['run', '--silent', 'recipe', '--', 'add', recipe.name, '--to', app], root);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n(the app is kept in ${app})`);
  }
  linkNodeModules(app, modules);
  return { app, how };
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

/** Marks each `console.error` of the server, so the log's error lines can be told from its warnings (both on stderr). */
const errorMark = '[copy-test: console.error]';
const markErrors = `data:text/javascript,${encodeURIComponent(
  `const error = console.error.bind(console); console.error = (...args) => error(${JSON.stringify(errorMark)}, ...args);`,
)}`;

/** The log's error-level lines: console.error calls (Nitro's request errors and unhandled rejections among them) and pino's error and fatal lines. */
const errorsIn = (log: string) =>
  log
    .split('\n')
    .filter(
      (line) =>
        line.includes(errorMark) ||
        /unhandledRejection|uncaughtException/.test(line) ||
        /^\{.*"level":\s*(5\d|6\d)\b/.test(line),
    );

/** Starts the built server; resolves once it answers. */
async function start(
  app: string,
  env: Record<string, string>,
): Promise<{ server: ChildProcess; baseUrl: string; log: () => string }> {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', markErrors, 'dist/analog/server/index.mjs'], {
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
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the server exited (code ${server.exitCode}, signal ${server.signalCode}):\n${output}`);
    try {
      await fetch(`${baseUrl}/api/v1/hello`);
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
  how?: string;
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

async function copyTest(recipe: RecipeManifest, life: LifeCycle): Promise<Outcome> {
  const started = Date.now();
  const recipes = withDependencies(recipe);
  const size = {
    files: recipes.reduce((sum, { files }) => sum + files.length, 0),
    lines: recipes.reduce((sum, { lines }) => sum + lines, 0),
  };
  let how: string | undefined;
  const done = (failure?: string) => ({
    name: recipe.name,
    how,
    ...size,
    seconds: (Date.now() - started) / 1000,
    failure,
  });
  let app: string;
  try {
    ({ app, how } = await assemble(recipe, life));
  } catch (error) {
    return done(
      `${life.includes(recipe) ? 'the life cycle' : 'npm run recipe -- add'} failed:\n${(error as Error).message}`,
    );
  }
  try {
    await run(
      process.execPath,
      [join(app, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      app,
    );
  } catch (error) {
    return done(`vite build failed (the app is kept in ${app}):\n${(error as Error).message}`);
  }
  // The values .env.example documents, secrets included: the copy test's own, never real ones.
  const env = Object.fromEntries(
    recipes.flatMap(({ config }) =>
      Object.entries(config.env ?? {}).flatMap(([name, { example }]) =>
        example === undefined ? [] : [[name, example]],
      ),
    ),
  ) as Record<string, string>;
  let live: Awaited<ReturnType<typeof start>>;
  try {
    live = await start(app, env);
  } catch (error) {
    return done(`${(error as Error).message}\n(the app is kept in ${app})`);
  }
  const logs: string[] = [];
  const cookies = new Map<string, string>();
  const failures: string[] = [];
  const stop = async ({ server, log }: typeof live) => {
    // A server killed by a signal has no exit code, and has emitted 'exit' already: waiting for it would hang.
    if (server.exitCode !== null || server.signalCode !== null) {
      failures.push(`the server died on its own: exit code ${server.exitCode}, signal ${server.signalCode}`);
    } else {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill();
      await exited;
    }
    logs.push(log());
  };
  // Each recipe's requests run in order, the ones of the recipes it depends on first.
  for (const each of recipes) {
    for (const request of each.requests) {
      if (request.restartFirst) {
        await stop(live);
        try {
          live = await start(app, env);
        } catch (error) {
          return done(`${(error as Error).message}\n(the app is kept in ${app})`);
        }
      }
      const problem = await check(live.baseUrl, request, cookies, env).catch((error: Error) => error.message);
      if (problem) failures.push(`${each.name}: ${request.method} ${request.path}: ${problem}`);
    }
  }
  await stop(live);
  const log = logs.join('');
  for (const line of errorsIn(log)) failures.push(`the server logged an error: ${line.slice(0, 300)}`);
  if (failures.length > 0)
    return done(`${failures.join('\n')}\nserver log:\n${log.slice(-3000)}\n(the app is kept in ${app})`);
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
const only = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--template');
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

const modules = stock.modules();
const life = lifeCycle(root, manifest, chosen, withDependencies);
console.warn(
  `life cycle: ${life.changed.size} recipes changed since ${life.base.slice(0, 7)} (the last 30 commits that changed a recipe file); ` +
    `the apps of ${
      chosen
        .filter((recipe) => life.includes(recipe))
        .map(({ name }) => name)
        .join(', ') || 'none'
    } take them from there`,
);

/** Two apps at a time: a build uses about one core, and CI machines have two or more. */
const jobs = Math.max(1, Math.min(2, availableParallelism()));
const started = Date.now();
const queue = [...chosen];
const outcomes: Outcome[] = [];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let recipe = queue.shift(); recipe; recipe = queue.shift()) {
      const outcome = await copyTest(recipe, life);
      outcomes.push(outcome);
      const tested = withDependencies(recipe)
        .map(({ name }) => name)
        .join(' + ');
      console.warn(
        `${outcome.failure ? 'FAIL' : 'ok'} ${tested}: ${outcome.files} files, ${outcome.lines} lines copied, ${outcome.seconds.toFixed(0)} s`,
      );
      if (outcome.how) console.warn(`    ${outcome.how}`);
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
life.close();
const tested = new Set(chosen.flatMap((recipe) => withDependencies(recipe).map(({ name }) => name)));
console.warn(
  `copy test: ${outcomes.filter(({ failure }) => !failure).length}/${outcomes.length} apps, ${tested.size} recipes, ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exitCode = outcomes.some(({ failure }) => failure) ? 1 : 0;
