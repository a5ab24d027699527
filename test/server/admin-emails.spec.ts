import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { freePort } from '../support/free-port.mjs';
import { startProductionServer, testSessionSecret } from '../support/server';
import { newAccount, postJson } from '../support/sessions';

describe('ADMIN_EMAILS', () => {
  it('stops the server at start, in one line, for an entry that is not an email', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'analog-admin-emails-'));
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SESSION_SECRET: testSessionSecret,
        ADMIN_EMAILS: 'ada@example.com; grace@example.com',
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
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      '[auth] ADMIN_EMAILS: "ada@example.com; grace@example.com" is not an email',
    ]);
  });

  it('warns at start about each admin email no account has, and not about one that has an account', async () => {
    const [admin, unclaimed] = [newAccount('Admin'), newAccount('Nobody yet')];
    const warning = (email: string) => `[auth] ADMIN_EMAILS lists ${email}, which has no account`;
    const dataDir = mkdtempSync(join(tmpdir(), 'analog-admin-emails-'));
    try {
      const first = await startProductionServer(undefined, { DATA_DIR: dataDir, ADMIN_EMAILS: admin.email });
      await expect.poll(() => first.output()).toContain(warning(admin.email));
      expect((await postJson(first.url, '/api/v1/auth/sign-up', admin)).status).toBe(201);
      await first.stop();

      const emails = `${admin.email},${unclaimed.email}`;
      const second = await startProductionServer(undefined, { DATA_DIR: dataDir, ADMIN_EMAILS: emails });
      // The warnings come together once every email is checked.
      await expect.poll(() => second.output()).toContain(warning(unclaimed.email));
      expect(second.output()).not.toContain(warning(admin.email));
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
