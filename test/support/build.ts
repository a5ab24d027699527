import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
export const serverEntry = join(root, 'dist/analog/server/index.mjs');

const appInputs = ['src', 'public', 'tools/vite', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** Build output and tests are no input: editing a spec must not cost a rebuild. */
const isInput = (name: string) => name !== 'dist' && name !== 'test' && !/\.(spec|test-d)\.ts$/.test(name);

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => (isInput(name) ? Math.max(newest, newestMtime(join(path, name))) : newest),
    stat.mtimeMs,
  );
}

export interface BuildTarget {
  /** The project folder to build in. */
  cwd: string;
  /** A file the build writes; the build is fresh when it is newer than every input. */
  output: string;
  /** Files and folders, relative to `cwd`, whose changes make the build stale. */
  inputs: string[];
  /** The Vite config file to build with, relative to `cwd`; unset, `vite.config.ts`. */
  config?: string;
}

/** True when the build output is missing or older than any of its inputs. */
export function isStale({ cwd, output, inputs }: BuildTarget): boolean {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestMtime(join(cwd, input)) > built);
}

/** Blocks this thread for `ms`: another process is building, there is nothing to do meanwhile. */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` holding the lock file `path` (it holds this process's id). Spec files in parallel
 * workers, or `npm run test:e2e` beside Vitest, may ask for a build at once: one builds, the others
 * wait for it. A lock left by a process that is gone is taken over.
 */
function withLock(path: string, work: () => void): void {
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      // An empty file is a lock being written: its holder is alive.
      if (holder > 0 && !isRunning(holder)) rmSync(path, { force: true });
      else pause(500);
    }
  }
  try {
    work();
  } finally {
    rmSync(path, { force: true });
  }
}

/**
 * Runs `vite build` in `cwd` when its output is missing or stale, one build of a folder at a time:
 * its builds share dist/ (Nitro's dist/.nitro, the app's bundles).
 */
export function buildIfStale(target: BuildTarget): void {
  if (!isStale(target)) return;
  mkdirSync(join(target.cwd, 'dist'), { recursive: true });
  withLock(join(target.cwd, 'dist/.build.lock'), () => {
    // The build may have run while this process waited.
    if (!isStale(target)) return;
    // A build started from inside Vitest must not inherit its test mode: Analog changes
    // its output when NODE_ENV is `test` or VITEST is set.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
    );
    const config = target.config ? ['--config', target.config] : [];
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', ...config], {
      cwd: target.cwd,
      stdio: 'inherit',
      env,
    });
  });
}

/** Builds the app (`npm run build`) when the production build is missing or stale. */
export function ensureBuild(): void {
  if (process.env['SKIP_BUILD'] === '1') return;
  buildIfStale({ cwd: root, output: serverEntry, inputs: appInputs });
}

/**
 * Builds the app with the `node-cluster` preset into `dist/cluster`, when stale: Nitro's part of a
 * build, over the app's client and SSR bundles (vite.config.cluster.ts), so the app's build first.
 */
export function ensureClusterBuild(): string {
  ensureBuild();
  const output = join(root, 'dist/cluster/server/index.mjs');
  buildIfStale({
    cwd: root,
    output,
    inputs: [...appInputs, 'vite.config.cluster.ts', 'dist/ssr', 'dist/client'],
    config: 'vite.config.cluster.ts',
  });
  return output;
}
