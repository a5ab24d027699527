import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { type RunningPostgres, startPostgres } from '../support/postgres.mjs';
import { type RunningServer, startProductionServer } from '../support/server';
import { signUpAdmin } from '../support/sessions';

let postgres: RunningPostgres;
let server: RunningServer;
/** The admin's session: the users routes answer it, and ask the database who it is. */
let cookie: string;

beforeAll(async () => {
  postgres = await startPostgres();
  server = await startProductionServer(serverEntry, { DATABASE_URL: await postgres.createDatabase() });
  cookie = await signUpAdmin(server.url);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
});

const dataRequests = () => [
  fetch(`${server.url}/api/v1/users`, { headers: { cookie } }),
  fetch(`${server.url}/api/v1/users/1`, { headers: { cookie } }),
  fetch(`${server.url}/api/v1/todos`),
  fetch(`${server.url}/api/v1/todos`, {
    method: 'POST',
    body: JSON.stringify({ title: 'During the outage' }),
    headers: { 'content-type': 'application/json' },
  }),
];

describe('PostgreSQL stopped while the server runs', () => {
  it('answers JSON 503 with Retry-After and no stack, then recovers without a restart', async () => {
    expect((await fetch(`${server.url}/api/v1/users`, { headers: { cookie } })).status).toBe(200);
    const pid = server.process.pid;

    postgres.pause();
    for (const response of await Promise.all(dataRequests())) {
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('retry-after')).toBe('2');
      const body = await response.text();
      expect(JSON.parse(body)).toMatchObject({
        statusCode: 503,
        message: expect.stringMatching(/unavailable/),
      });
      expect(body).not.toMatch(/ at |ECONNREFUSED|terminat|\.mjs/);
    }
    expect((await fetch(`${server.url}/api/v1/hello`)).status).toBe(200);

    postgres.resume();
    const statuses = (await Promise.all(dataRequests())).map((response) => response.status);
    expect(statuses).toEqual([200, 200, 200, 201]);
    expect(server.process.pid).toBe(pid);
    expect(server.process.exitCode).toBeNull();
  }, 60_000);
});

describe('GET /api/readyz while PostgreSQL is stopped', () => {
  it('answers 503 with its reason within the 1 s bound, liveness stays 200, and it recovers', async () => {
    expect((await fetch(`${server.url}/api/readyz`)).status).toBe(200);

    postgres.pause();
    const started = performance.now();
    const probes = await Promise.all([1, 2, 3].map(() => fetch(`${server.url}/api/readyz`)));
    // The bound is 1 s; the rest is room for a loaded machine, not a speed claim.
    expect(performance.now() - started).toBeLessThan(3_000);
    for (const probe of probes) {
      expect(probe.status).toBe(503);
      expect(probe.headers.get('cache-control')).toBe('no-store');
      expect(await probe.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
    }
    expect((await fetch(`${server.url}/api/healthz`)).status).toBe(200);

    postgres.resume();
    await expect
      .poll(async () => (await fetch(`${server.url}/api/readyz`)).status, { timeout: 15_000 })
      .toBe(200);
  }, 60_000);
});
