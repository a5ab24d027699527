import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { root } from '../../../e2e/support/build';
import { freePort } from '../../../e2e/support/server';

/**
 * `npm run dev` must keep serving the API. Analog turns its Nitro dev middleware off when
 * NODE_ENV is `test` or VITEST is set, so the dev server runs as a child process without them.
 */
let child: ChildProcess;
let baseUrl: string;
let dataDir: string;
let output = '';

async function waitForApi(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`The dev server did not answer ${url}:\n${output}`);
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'analog-api-routes-dev-'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  child = spawn(process.execPath, [vite, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForApi(`${baseUrl}/api/v1/hello`, 150_000);
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev (Vite dev server)', () => {
  it('serves a JSON route: ANY /api/v1/hello', async () => {
    const response = await fetch(`${baseUrl}/api/v1/hello`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Hello World' });
  });

  it('serves a dynamic route as plain text: ANY /api/v1/hello/:name', async () => {
    const response = await fetch(`${baseUrl}/api/v1/hello/Ada`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Hello Ada!');
  });

  it('serves a validated route: GET /api/v1/search', async () => {
    const ok = await fetch(`${baseUrl}/api/v1/search?q=mug&tag=x`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ q: 'mug', page: 1, tags: ['x'] });
    const invalid = await fetch(`${baseUrl}/api/v1/search`);
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('x-analog-errors')).toBe('true');
  });

  it('answers through the catch-all with JSON 404 and 405 + Allow: ANY /api/**', async () => {
    const missing = await fetch(`${baseUrl}/api/v2/nothing-here`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await missing.json()).toMatchObject({ message: 'No route for GET /api/v2/nothing-here' });
    const wrongMethod = await fetch(`${baseUrl}/api/v1/products`, { method: 'POST' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
  });
});
