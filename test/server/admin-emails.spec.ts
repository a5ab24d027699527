import { createDatabase } from 'db0';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { createAccountBeforeStart } from '../support/accounts';
import { exitOfProductionServer, startProductionServer, testSessionSecret } from '../support/server';
import { newAccount, postJson, sessionCookie } from '../support/sessions';
import { sqliteConnector } from '../support/sqlite';

/** Signs `account` in on `url` and answers the status of `GET /api/v1/users`, which only admins may call. */
async function canListUsers(url: string, account: { email: string; password: string }) {
  const signedIn = await postJson(url, '/api/v1/auth/sign-in', account);
  expect(signedIn.status).toBe(200);
  return (await fetch(`${url}/api/v1/users`, { headers: { cookie: sessionCookie(signedIn) } })).status;
}

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

  it('makes no admin of an account signed up after a start whose read of the accounts failed', async () => {
    const late = newAccount('Late');
    const dataDir = mkdtempSync(join(tmpdir(), 'analog-admin-emails-'));
    try {
      await createAccountBeforeStart({ DATA_DIR: dataDir }, newAccount('Existing'));
      // SQLite's write lock, held while the server starts: its migrations wait out their 5 s busy
      // timeout and fail, and so does the read of the admins' accounts.
      const db = createDatabase(sqliteConnector({ path: join(dataDir, 'app.sqlite') }));
      await db.exec('BEGIN IMMEDIATE');
      const started = startProductionServer(
        undefined,
        { DATA_DIR: dataDir, ADMIN_EMAILS: late.email },
        { withAdmin: false },
      );
      try {
        const output = (await started).output;
        await expect
          .poll(output, { timeout: 20_000 })
          .toContain('[auth] could not check ADMIN_EMAILS against the accounts');
      } finally {
        await db.exec('ROLLBACK');
        await db.dispose();
      }
      const server = await started;
      expect((await postJson(server.url, '/api/v1/auth/sign-up', late)).status).toBe(201);
      // The read runs again now, and finds the account: made after the start, it is no admin.
      expect(await canListUsers(server.url, late)).toBe(403);
      await server.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
