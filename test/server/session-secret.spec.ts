import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { freePort } from '../support/free-port.mjs';

/** Starts the production server with `secret` and answers its exit code and output, or kills it after 20 s. */
async function start(secret: string): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'analog-session-secret-'));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
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

describe('SESSION_SECRET in production', () => {
  it.each([
    ['missing', ''],
    ['31 characters', 'x'.repeat(31)],
  ])('refuses to start when it is %s, saying so in one line', async (_case, secret) => {
    const { code, output } = await start(secret);
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      '[sessions] SESSION_SECRET must be set to at least 32 characters in production',
    ]);
  });
});
