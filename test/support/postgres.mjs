// A throw-away PostgreSQL server for tests and the bench: the machine's own binaries, a temporary
// data folder, a free loopback port. Plain ESM, so Vitest specs and bench/*.mjs share it.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.mjs';

/** The newest `/usr/lib/postgresql/<version>/bin`, or `PG_BIN`; `undefined` when there is none. */
export function postgresBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((version) => existsSync(join(base, version, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : undefined;
}

/**
 * Starts PostgreSQL on a free loopback port in a new temporary folder. `initdb` refuses root, so
 * as root the server runs as the `postgres` user. Trust authentication on loopback only: a test
 * server, never a deployment.
 */
export async function startPostgres() {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL server binaries not found: install them (Debian: apt-get install postgresql) or set PG_BIN',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const run = (tool, args) =>
    execFileSync(
      asRoot ? 'runuser' : join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args,
      {
        stdio: 'pipe',
      },
    );
  const dir = mkdtempSync(join(tmpdir(), 'analog-postgres-'));
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'])),
      Number(execFileSync('id', ['-g', 'postgres'])),
    );
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;
  return {
    url,
    /** Creates an empty database and answers its URL, so each server gets its own. */
    async createDatabase() {
      const name = `app_${process.pid}_${(databases += 1)}`;
      const client = new pg.Client(url);
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    /** Stops the server and keeps its data, as an outage would. */
    pause: stop,
    /** Starts the stopped server again on the same port with the same data. */
    resume: start,
    /** Stops the server and deletes its folder. */
    async stop() {
      const stopped = spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), [
        ...(asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []),
        '-D',
        data,
        '-m',
        'immediate',
        '-w',
        'stop',
      ]);
      if (stopped.error) throw stopped.error;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
