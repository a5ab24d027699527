import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildIfStale, root } from '../support/build';
import { type RunningServer, startProductionServer } from '../support/server';

const fixture = join(root, 'e2e/fixtures/api-prefix');
let server: RunningServer;

beforeAll(async () => {
  const entry = join(fixture, 'dist/analog/server/index.mjs');
  buildIfStale({
    cwd: fixture,
    output: entry,
    inputs: ['src', 'index.html', 'vite.config.ts', 'tsconfig.app.json'],
  });
  server = await startProductionServer(entry);
}, 300_000);

afterAll(() => server?.stop());

describe('an app with apiPrefix: services', () => {
  it('serves src/server/routes/v1/hello.ts at /services/v1/hello', async () => {
    const response = await fetch(`${server.url}/services/v1/hello`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: 'Hello from the apiPrefix app' });
  });

  it('does not serve the route under the default /api prefix', async () => {
    const response = await fetch(`${server.url}/api/v1/hello`);
    expect(await response.text()).not.toContain('Hello from the apiPrefix app');
  });

  it('also answers unprefixed, because Nitro serves src/server/routes at the root', async () => {
    const response = await fetch(`${server.url}/v1/hello`);
    expect(await response.json()).toEqual({ message: 'Hello from the apiPrefix app' });
  });
});
