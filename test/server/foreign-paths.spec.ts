import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { rawRequest } from '../support/raw-request';
import { type RunningServer, startProductionServer } from '../support/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startProductionServer(serverEntry);
});

afterAll(() => server.stop());

/** Paths whose start names another host (`//host`, `/\host`): Angular refuses to render them. */
const foreign = ['//evil.example/', '//x', '/\\', '/\\evil.example', '/\\/evil.example/path?x=1'];

describe('GET a path that names another host', () => {
  it.each(foreign)('answers %s with 404, not a 500', async (path) => {
    const response = await rawRequest(server.url, { path, headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers['location']).toBeUndefined();
    expect(response.body).not.toContain('NG0570');
  });

  it('answers 200 for the same paths once they stay on the site', async () => {
    expect((await rawRequest(server.url, { path: '/routes' })).status).toBe(200);
  });

  it('writes no error line and no stack to the log, however many are sent', async () => {
    await Promise.all(Array.from({ length: 50 }, (_, n) => rawRequest(server.url, { path: `//host-${n}/` })));
    // The request log writes its lines in batches: wait for all of them.
    const lines = () => server.output().split('\n');
    await expect
      .poll(() => lines().filter((line) => line.includes('"status":404')).length)
      .toBeGreaterThanOrEqual(50);
    expect(lines().filter((line) => line.includes('"level":50') || /^\s+at /.test(line))).toEqual([]);
  });
});
