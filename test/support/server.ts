import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createAccountBeforeStart } from './accounts';
import { root, serverEntry } from './build';
import { freePort } from './free-port.mjs';
import { startPostgres } from './postgres.mjs';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Polls `url` until it answers, or fails after `timeoutMs`, or as soon as `exited()` says the
 * server's process is gone (with what it printed, rather than a hook timeout that says nothing).
 */
export async function waitForUrl(
  url: string,
  timeoutMs = 30_000,
  exited: () => string | undefined = () => undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      const exit = exited();
      if (exit !== undefined) throw new Error(`Server for ${url} exited before it answered: ${exit}`);
      if (Date.now() > deadline) throw new Error(`Server at ${url} did not start`, { cause: error });
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
}

/**
 * Runs `node <args>` on a free loopback port with its own empty data folder (or the `DATA_DIR`
 * given in `env`, which it leaves in place), in its own process group, and resolves once
 * `readyPath` answers. `beforeStart` runs first, given the server's environment.
 */
async function startNodeServer(
  args: (port: number) => string[],
  env: Record<string, string | undefined>,
  readyPath = '/api/v1/hello',
  beforeStart?: (env: Record<string, string | undefined>) => Promise<void>,
): Promise<RunningServer> {
  const ownDataDir = env['DATA_DIR'] === undefined;
  const dataDir = env['DATA_DIR'] ?? mkdtempSync(join(tmpdir(), 'analog-api-routes-'));
  await beforeStart?.({ ...env, DATA_DIR: dataDir });
  for (let attempt = 1; ; attempt++) {
    const started = await spawnServer(args, { ...env, DATA_DIR: dataDir }, readyPath);
    if (started.running) return serverControl(started.running, dataDir, ownDataDir);
    // Between the probe closing the free port and the server binding it, another process (a
    // client's outgoing connection, in a suite that makes thousands) may take it: try another.
    if (attempt === 3 || !started.failure.includes('EADDRINUSE')) throw new Error(started.failure);
  }
}

type Spawned =
  | { running: { url: string; child: ChildProcess; output: () => string } }
  | { running?: undefined; failure: string };

/** Spawns the server on a port that was free a moment ago and waits for `readyPath` to answer. */
async function spawnServer(
  args: (port: number) => string[],
  env: Record<string, string | undefined>,
  readyPath: string,
): Promise<Spawned> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, args(port), {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping it also stops any workers it forked.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = () =>
    child.exitCode === null && child.signalCode === null
      ? undefined
      : `${child.signalCode ?? `code ${child.exitCode}`}\n${output}`;
  try {
    await waitForUrl(`${url}${readyPath}`, 90_000, exited);
  } catch (error) {
    if (exited() === undefined) process.kill(-(child.pid ?? 0), 'SIGKILL');
    return { failure: (error as Error).message };
  }
  return { running: { url, child, output: () => output } };
}

/** The handle a spec holds: stopping signals the whole process group, then removes its own data folder. */
function serverControl(
  { url, child, output }: { url: string; child: ChildProcess; output: () => string },
  dataDir: string,
  ownDataDir: boolean,
): RunningServer {
  return {
    url,
    dataDir,
    process: child,
    output,
    stop: async () => {
      const running = child.exitCode === null && child.signalCode === null;
      const exited = running ? new Promise((done) => child.once('exit', done)) : Promise.resolve();
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          process.kill(-(child.pid ?? 0), signal);
        } catch {
          // The group is already gone.
        }
      };
      signalGroup('SIGTERM');
      const forced = setTimeout(() => signalGroup('SIGKILL'), 3_000);
      await exited;
      clearTimeout(forced);
      signalGroup('SIGKILL');
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `SESSION_SECRET` test servers run with, so a spec can unseal the cookies they set. */
export const testSessionSecret = 'test servers only: a session secret of 32+ characters';

/**
 * The account every test server makes an admin (`ADMIN_EMAILS`, written in capitals there: the
 * server matches it trimmed and lower-cased, like stored emails). Only an account that exists when
 * the server starts is an admin, so `startProductionServer` creates it first; `signUpAdmin` signs it in.
 */
export const testAdmin = {
  email: 'admin@example.test',
  name: 'Admin',
  password: 'admin password of the tests',
};

/**
 * Starts the production server (`node dist/analog/server/index.mjs`) on a free port with its
 * own empty data folder, so tests never share stored records with a developer: the shell's
 * `DATA_DIR` and `DATABASE_URL` are ignored, only those in `env` count. Its database gets
 * `testAdmin`'s account first (migrated as the server would), unless `withAdmin` is false: a
 * spec of servers that migrate an empty database together.
 */
export function startProductionServer(
  entry = serverEntry,
  env: Record<string, string> = {},
  { withAdmin = true } = {},
) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'DATA_DIR' && name !== 'DATABASE_URL'),
  );
  return startNodeServer(
    () => [entry],
    {
      ...inherited,
      NODE_ENV: 'production',
      SESSION_SECRET: testSessionSecret,
      ADMIN_EMAILS: ` ${testAdmin.email.toUpperCase()} `,
      // Every spec signs its accounts up from 127.0.0.1: the per-address allowance of new accounts
      // (10 an hour by default) is proven by its own spec, test/server/rate-limit.spec.ts. Specs
      // share one todo list too; its cap (1,000 by default) is proven by test/server/todo-list-cap.spec.ts.
      // And they send many bodies at once from that one address: a caller's share of the body budget
      // (10 MiB by default) is proven by test/server/body-deadline.spec.ts, and here is the process's.
      SIGN_UPS_PER_HOUR: '1000000',
      TODOS_MAX: '1000000',
      BUDGET_BODY_BYTES_PER_CALLER: String(64 * 1024 * 1024),
      ...env,
    },
    '/api/v1/hello',
    withAdmin ? (serverEnv) => createAccountBeforeStart(serverEnv, testAdmin) : undefined,
  );
}

/** Production servers sharing one fresh PostgreSQL database, as instances behind a load balancer. */
export interface InstancesOnPostgres {
  servers: RunningServer[];
  /** Their database, for a spec that reads what they stored. */
  databaseUrl: string;
  /** Stops the servers, then PostgreSQL. */
  stop: () => Promise<void>;
}

/**
 * Starts a throw-away PostgreSQL with a new database and `count` production servers on it (with
 * `env`), all at once, so they also race to apply the migrations.
 */
export async function startInstancesOnPostgres(
  env: Record<string, string> = {},
  count = 2,
): Promise<InstancesOnPostgres> {
  const postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase();
  const servers = await Promise.all(
    Array.from({ length: count }, () =>
      startProductionServer(serverEntry, { ...env, DATABASE_URL: databaseUrl }),
    ),
  );
  return {
    servers,
    databaseUrl,
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await postgres.stop();
    },
  };
}

/**
 * Runs the production server with `env` (over the shell's, without its `DATA_DIR` and
 * `DATABASE_URL`) on an empty data folder until it exits by itself, for a spec of a refusal to
 * start; kills it after 20 s. Answers its exit code and everything it printed.
 */
export async function exitOfProductionServer(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'analog-refused-start-'));
  const inherited = Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL');
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...Object.fromEntries(inherited),
      NODE_ENV: 'production',
      ...env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  clearTimeout(killer);
  rmSync(dataDir, { recursive: true, force: true });
  return { code, output };
}

/**
 * Starts `vite` (what `npm run dev` runs) on a free port, its HMR socket on another. Vitest's own variables are left
 * out: Analog switches its Nitro dev server off when NODE_ENV is `test` or VITEST is set.
 */
export async function startDevServer() {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  // Its HMR socket's port (vite.config.ts), free too: dev servers of other specs may run alongside.
  const hmrPort = String(await freePort());
  return startNodeServer((port) => [vite, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    ...env,
    VITE_HMR_PORT: hmrPort,
  });
}
