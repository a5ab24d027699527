// Starting and stopping the servers the bench and the soak drive, all on loopback.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
export const appEntry = join(root, 'dist/analog/server/index.mjs');

/**
 * Node's arguments for the production server, exactly as `npm start` passes them (its heap
 * flag included), so the bench measures the server that is deployed.
 */
export const appArgs = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .slice(1);

/** Builds the app when there is no build, or when `--build` is passed. */
export function ensureBuild(force = process.argv.includes('--build')) {
  if (force || !existsSync(appEntry)) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
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

/**
 * Starts `node <args>` (a script and its flags) on a free loopback port with a throw-away DATA_DIR,
 * and `env` on top (such as `DATABASE_URL`).
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ url: string, pid: number, peakRssMb: () => number, stop: () => Promise<void> }>}
 */
export async function startServer(args, env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'analog-bench-'));
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return {
    url,
    pid: child.pid,
    /** Peak resident memory so far (VmHWM), in MB. */
    peakRssMb: () =>
      Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024,
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
