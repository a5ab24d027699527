import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { type RunningServer, startProductionServer } from '../support/server';
import { signUpAdmin } from '../support/sessions';

const dataDir = mkdtempSync(join(tmpdir(), 'analog-crash-'));
const servers: RunningServer[] = [];

async function start(): Promise<RunningServer> {
  const server = await startProductionServer(undefined, { DATA_DIR: dataDir });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/v1/users, then kill -9', () => {
  it('keeps every acknowledged record across a crash and restart', async () => {
    const first = await start();
    const admin = await signUpAdmin(first.url);
    const created = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const response = await fetch(`${first.url}/api/v1/users`, {
          method: 'POST',
          body: JSON.stringify({ name: `Crash ${n}` }),
          headers: { 'content-type': 'application/json', cookie: admin },
        });
        expect(response.status).toBe(201);
        return (await response.json()) as { id: number; name: string };
      }),
    );
    const exited = new Promise((done) => first.process.once('exit', done));
    process.kill(first.process.pid ?? 0, 'SIGKILL');
    await exited;

    const second = await start();
    const cookie = await signUpAdmin(second.url);
    for (const user of created) {
      const response = await fetch(`${second.url}/api/v1/users/${user.id}`, { headers: { cookie } });
      expect(await response.json()).toEqual(user);
    }
  }, 60_000);
});
