import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { exitOfProductionServer, startProductionServer, testSessionSecret } from '../support/server';
import { newAccount, postJson } from '../support/sessions';

describe('ADMIN_EMAILS', () => {
  it('stops the server at start, in one line, for an entry that is not an email', async () => {
    const { code, output } = await exitOfProductionServer({
      SESSION_SECRET: testSessionSecret,
      ADMIN_EMAILS: 'ada@example.com; grace@example.com',
    });
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
