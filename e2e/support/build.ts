import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
export const serverEntry = join(root, 'dist/analog/server/index.mjs');

const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

/** True when the production build is missing or older than any of its inputs. */
export function isBuildStale(): boolean {
  if (!existsSync(serverEntry)) return true;
  const built = statSync(serverEntry).mtimeMs;
  return inputs.some((input) => newestMtime(join(root, input)) > built);
}

/** Runs `npm run build` when the production build is missing or stale. */
export function ensureBuild(): void {
  if (process.env['SKIP_BUILD'] === '1' || !isBuildStale()) return;
  // A build started from inside Vitest must not inherit its test mode: Analog changes
  // its output when NODE_ENV is `test` or VITEST is set.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
}
