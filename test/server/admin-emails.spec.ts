import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { exitOfProductionServer, startProductionServer, testSessionSecret } from '../support/server';
import { newAccount, postJson, sessionCookie } from '../support/sessions';

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

  it('makes admins only of accounts that exist when the server starts, and warns about each listed email without one', async () => {
    const [early, late] = [newAccount('Early'), newAccount('Late')];
    const warning = (email: string) => `[auth] ADMIN_EMAILS lists ${email}, which has no account`;
    const canListUsers = async (url: string, account: { email: string; password: string }) => {
      const signedIn = await postJson(url, '/api/v1/auth/sign-in', account);
      expect(signedIn.status).toBe(200);
      return (await fetch(`${url}/api/v1/users`, { headers: { cookie: sessionCookie(signedIn) } })).status;
    };
    const dataDir = mkdtempSync(join(tmpdir(), 'analog-admin-emails-'));
    const emails = `${early.email},${late.email}`;
    try {
      const first = await startProductionServer(undefined, { DATA_DIR: dataDir, ADMIN_EMAILS: early.email });
      await expect.poll(() => first.output()).toContain(warning(early.email));
      expect((await postJson(first.url, '/api/v1/auth/sign-up', early)).status).toBe(201);
      // Signed up after the start with a listed email: no admin, not even for the first to claim it.
      expect(await canListUsers(first.url, early)).toBe(403);
      await first.stop();

      const second = await startProductionServer(undefined, { DATA_DIR: dataDir, ADMIN_EMAILS: emails });
      // The warnings come together once every email is checked.
      await expect.poll(() => second.output()).toContain(warning(late.email));
      expect(second.output()).not.toContain(warning(early.email));
      expect(await canListUsers(second.url, early)).toBe(200);
      expect((await postJson(second.url, '/api/v1/auth/sign-up', late)).status).toBe(201);
      expect(await canListUsers(second.url, late)).toBe(403);
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
