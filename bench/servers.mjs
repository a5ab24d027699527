// Starting and stopping the servers the bench and the soak drive, all on loopback.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../test/support/free-port.mjs';

export const root = resolve(import.meta.dirname, '..');
export const appEntry = join(root, 'dist/analog/server/index.mjs');
/** The app built without the security module (vite.config.bench.ts): what that module costs. */
export const plainEntry = join(root, 'dist/plain/server/index.mjs');
export const anchorRoot = join(root, 'bench/anchor');
export const anchorEntry = join(anchorRoot, 'dist/analog/server/index.mjs');
/** The anchor with the app's security headers as Nitro route rules (bench/anchor/vite.config.headers.ts). */
export const headersAnchorEntry = join(anchorRoot, 'dist/headers/server/index.mjs');

const startScript = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start.split(' ');
const node = startScript.indexOf('node');
/**
 * Node's arguments for the production server, exactly as `npm start` passes them (its heap
 * flag included), so the bench measures the server that is deployed.
 */
export const appArgs = startScript.slice(node + 1);
/** The `NAME=value` words `npm start` puts before `node`: every server here starts with them. */
export const appEnv = Object.fromEntries(startScript.slice(0, node).map((word) => word.split('=')));

const isInput = (name) => name !== 'dist' && name !== 'test' && !/\.(spec|test-d)\.ts$/.test(name);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => (isInput(name) ? Math.max(newest, newestMtime(join(path, name))) : newest),
    stat.mtimeMs,
  );
}

/** Runs `vite build` in `cwd` when `output` is missing, older than any input, or `--build` is passed. */
function buildIfStale(cwd, output, inputs, force, config = []) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (!force && built && inputs.every((input) => newestMtime(join(root, input)) <= built)) return;
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...config], {
    cwd,
    stdio: 'inherit',
  });
}

const appInputs = ['src', 'public', 'tools/vite', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** Builds the app when its build is missing or stale, or when `--build` is passed. */
export function ensureBuild(force = process.argv.includes('--build')) {
  buildIfStale(root, appEntry, appInputs, force);
}

/** Builds the app without the security module into `dist/plain`, when missing or stale. */
export function ensurePlainBuild(force = process.argv.includes('--build')) {
  buildIfStale(root, plainEntry, [...appInputs, 'vite.config.bench.ts'], force, [
    '--config',
    'vite.config.bench.ts',
  ]);
}

/**
 * Builds the stock anchor (bench/anchor) when missing or stale. It imports the app's product
 * list and the validated-route backport, so those count as its inputs too.
 */
export function ensureAnchorBuild(force = process.argv.includes('--build')) {
  const inputs = ['bench/anchor/src', 'bench/anchor/index.html', 'bench/anchor/vite.config.ts'];
  buildIfStale(
    anchorRoot,
    anchorEntry,
    [...inputs, 'src/backports', 'src/server/lib', 'package-lock.json'],
    force,
  );
}

/**
 * Builds the anchor with route-rule headers when missing or stale. It serves the app's
 * prerendered /routes page, so the app's build and the security module's headers are inputs too.
 */
export function ensureHeadersAnchorBuild(force = process.argv.includes('--build')) {
  const inputs = ['bench/anchor/src', 'bench/anchor/vite.config.headers.ts', 'src/modules/security'];
  buildIfStale(
    anchorRoot,
    headersAnchorEntry,
    [...inputs, 'dist/analog/public/routes', 'package-lock.json'],
    force,
    ['--config', 'vite.config.headers.ts'],
  );
}

/**
 * With two or more cores, servers run on core 1 and the load generator (this process) on core 0,
 * so neither steals the other's CPU. `taskset` comes with util-linux; without it, nothing is pinned.
 */
export const pinned = availableParallelism() >= 2 && existsSync('/usr/bin/taskset');

/** Pins this process (the load generator) to core 0. */
export function pinSelf() {
  if (pinned) execFileSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' });
}

async function waitFor(url) {
  for (let tries = 0; tries < 300; tries += 1) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((tick) => setTimeout(tick, 100));
    }
  }
  throw new Error(`${url} did not start`);
}

/** The account every bench server makes an admin (`ADMIN_EMAILS`): the users routes let only it write. */
export const benchAccount = { email: 'bench@example.com', name: 'Bench', password: 'bench password 1' };

/**
 * Signs `benchAccount` in on `url`, or up where it has no account yet, and answers its session
 * cookie (`session=…`). Sign-in comes first: a sign-up refused with 409 spends a value of
 * PostgreSQL's id sequence, and the hole it left made some of the PUT rows' ids 404.
 */
export async function signUpBenchAccount(url) {
  const post = (path) =>
    fetch(`${url}/api/v1/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchAccount),
    });
  let response = await post('sign-in');
  if (response.status === 401) response = await post('sign-up');
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`sign-up on ${url} answered ${response.status}`);
  }
  return response.headers.getSetCookie()[0].split(';')[0];
}

const withoutUndefined = (env) =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));

/**
 * The servers still running: a bench that fails midway, or is stopped with Ctrl-C or `kill`, must
 * not leave them to load the next run's machine. A signal ends the process without `exit`, so each
 * one exits through it.
 */
const running = new Set();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));

/** Spawns the server on a free port with `dataDir`, and waits until it answers. */
async function launch(args, env, node, dataDir, sessionSecret) {
  const port = await freePort();
  const [command, commandArgs] = pinned ? ['taskset', ['-c', '1', node, ...args]] : [node, args];
  const child = spawn(command, commandArgs, {
    cwd: root,
    // stdout is a pipe this process reads and drops, as a container runtime reads the request log.
    stdio: ['ignore', 'pipe', 'ignore'],
    // A variable set to `undefined` in `env` is left out (e.g. `MALLOC_MMAP_THRESHOLD_`, which `npm start` sets).
    env: withoutUndefined({
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: sessionSecret,
      ADMIN_EMAILS: benchAccount.email,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...appEnv,
      ...env,
    }),
  });
  child.stdout.resume();
  running.add(child);
  child.once('exit', () => running.delete(child));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return { child, url };
}

/**
 * Starts `node <args>` (a script and its flags) on a free loopback port with a throw-away DATA_DIR,
 * on core 1 when `pinned`, with `env` on top (such as `DATABASE_URL`), run by the Node.js `node`.
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @param {string} [node] another Node.js line's binary (bench/node-line.mjs); this one's by default
 * @param {{ withAdmin?: boolean }} [options] `withAdmin`: the bench account is signed up on a first start
 *   on the same data and the server started again, since ADMIN_EMAILS makes an admin only of an
 *   account that exists at start
 * @returns {Promise<{ url: string, pid: number, peakRssMb: () => number, cpuSeconds: () => number, stop: () => Promise<void> }>}
 */
export async function startServer(args, env = {}, node = process.execPath, { withAdmin = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'analog-bench-'));
  const sessionSecret = randomBytes(32).toString('base64url');
  if (withAdmin) {
    const first = await launch(args, env, node, dataDir, sessionSecret);
    await signUpBenchAccount(first.url);
    const exited = new Promise((done) => first.child.once('exit', done));
    first.child.kill('SIGTERM');
    await exited;
  }
  const { child, url } = await launch(args, env, node, dataDir, sessionSecret);
  return {
    url,
    pid: child.pid,
    /** Peak resident memory so far (VmHWM), in MB. */
    peakRssMb: () =>
      Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024,
    /** CPU time the server has used so far (user + system), in seconds; Linux ticks are 10 ms. */
    cpuSeconds: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    /** Current resident memory (VmRSS), in MB. */
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
