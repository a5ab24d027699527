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

/** Paths and queries with a `%` that starts no valid escape, or escapes bytes that are no UTF-8. */
const malformed = ['/%', '/%zz', '/%ff', '/_analog/pages/%', '/todos?x=%'];

describe('GET a malformed URL', () => {
  it.each(malformed)('answers %s with a JSON 400, not the home page', async (path) => {
    const response = await rawRequest(server.url, { path });
    expect(response.status).toBe(400);
    expect(response.type).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toMatchObject({ statusCode: 400, statusMessage: 'Bad Request' });
  });

  it('shows a browser the HTML error page', async () => {
    const response = await rawRequest(server.url, {
      path: '/%ff',
      headers: { 'sec-fetch-dest': 'document' },
    });
    expect(response.status).toBe(400);
    expect(response.type).toMatch(/^text\/html/);
    expect(response.body).toContain('<h1>400 Bad Request</h1>');
  });

  it('logs no NG04018 warning and no error', async () => {
    await Promise.all(malformed.map((path) => rawRequest(server.url, { path })));
    await expect
      .poll(
        () =>
          server
            .output()
            .split('\n')
            .filter((line) => line.includes('"status":400')).length,
      )
      .toBeGreaterThanOrEqual(malformed.length * 2);
    expect(server.output()).not.toMatch(/NG04018|ERROR|"level":50|^\s+at /m);
  });
});
