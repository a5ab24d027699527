import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureClusterBuild } from '../../../e2e/support/build';
import { type RunningServer, startProductionServer } from '../../../e2e/support/server';

let server: RunningServer;

/** PIDs whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

beforeAll(async () => {
  server = await startProductionServer(ensureClusterBuild());
}, 300_000);

afterAll(() => server?.stop());

describe('BUILD_PRESET=node-cluster', () => {
  it('runs one worker per core', async () => {
    await expect
      .poll(() => childrenOf(server.process.pid ?? 0).length, { timeout: 10_000 })
      .toBe(cpus().length);
  });

  it('serves a page and an API route', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Analog Notebook');
    const api = await fetch(`${server.url}/api/v1/hello`);
    expect(await api.json()).toEqual({ message: 'Hello World' });
  });
});
