import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { serverEntry } from '../support/build';
import { type RunningServer, startProductionServer } from '../support/server';
import { newAccount, postJson, sessionCookie } from '../support/sessions';

/** A server of its own, so its stdout holds only what these tests sent it. */
let server: RunningServer;

beforeAll(async () => {
  server = await startProductionServer(serverEntry);
}, 120_000);

afterAll(() => server?.stop());

type LogLine = Record<string, unknown>;

/** Every JSON line the server wrote to stdout and stderr so far. */
const logLines = (): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** Waits for the lines of `requestId` (a request's line is written once its response is done). */
async function linesOf(requestId: string | null, count = 1): Promise<LogLine[]> {
  const of = () => logLines().filter((line) => line['requestId'] === requestId);
  await expect.poll(() => of().length).toBeGreaterThanOrEqual(count);
  return of();
}

describe('the request log', () => {
  it('writes one JSON line per request: time, id, method, route pattern, status, duration, bytes', async () => {
    const response = await fetch(`${server.url}/api/v1/products/1`);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const body = await response.text();
    const [line, ...more] = await linesOf(requestId);
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      time: expect.any(Number),
      requestId,
      method: 'GET',
      route: '/api/v1/products/:id',
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(line['bytes']).toBeGreaterThan(body.length);
    expect(line).not.toHaveProperty('userId');
    expect(JSON.stringify(line)).not.toContain('/api/v1/products/1');
  });

  it("keeps a proxy's well-formed X-Request-Id and replaces a malformed one", async () => {
    const kept = await fetch(`${server.url}/api/v1/hello`, { headers: { 'x-request-id': 'edge-4f2a9c01' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-4f2a9c01');
    expect((await linesOf('edge-4f2a9c01'))[0]).toMatchObject({ route: '/api/v1/hello', status: 200 });

    const hostile = `<script>${'x'.repeat(100)}`;
    const replaced = await fetch(`${server.url}/api/v1/hello`, { headers: { 'x-request-id': hostile } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await linesOf(replaced.headers.get('x-request-id'));
    expect(server.output()).not.toContain('<script>');
  });

  it('echoes X-Request-Id on pages, static files, 404s and refused requests too', async () => {
    const responses = await Promise.all([
      fetch(`${server.url}/routes`),
      fetch(`${server.url}/favicon.svg`),
      fetch(`${server.url}/api/v1/nothing-here`),
      postJson(server.url, '/api/v1/todos', { title: '' }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 404, 422]);
    for (const response of responses) expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs the signed-in user's id, and never a cookie, an authorization header, a password or a body", async () => {
    const secret = `secret-${crypto.randomUUID()}`;
    const account = { ...newAccount(), password: `${secret} password` };
    const signUp = await postJson(server.url, '/api/v1/auth/sign-up', account);
    expect(signUp.status).toBe(201);
    const { id: userId } = (await signUp.json()) as { id: number };
    const cookie = sessionCookie(signUp);

    const me = await fetch(`${server.url}/api/v1/me`, {
      headers: { cookie: `${cookie}; tracking=${secret}`, authorization: `Bearer ${secret}` },
    });
    expect(me.status).toBe(200);
    expect((await linesOf(me.headers.get('x-request-id')))[0]).toMatchObject({
      route: '/api/v1/me',
      status: 200,
      userId,
    });
    const posted = await postJson(server.url, '/api/v1/todos', { title: secret }, { cookie });
    expect(posted.status).toBe(201);
    await linesOf(posted.headers.get('x-request-id'));

    expect(server.output()).not.toContain(secret);
    expect(server.output()).not.toContain(cookie.slice('session='.length));
  });

  it('logs a server error once more with its stack under the same request id, and answers that id', async () => {
    const response = await fetch(`${server.url}/api/v1/boom`);
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id');
    const lines = await linesOf(requestId, 2);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 30, route: '/api/v1/boom', status: 500 }),
        expect.objectContaining({
          level: 50,
          msg: 'request failed',
          err: expect.objectContaining({ stack: expect.stringContaining('boom') }),
        }),
      ]),
    );
    // Nitro's own unstructured `[request error]` print, without the id, is gone.
    expect(server.output()).not.toContain('[request error]');
    // The client learns nothing of it.
    expect(await response.text()).not.toMatch(/hunter2| at /);
  });

  it('shows a browser the request id on the error page, and no stack', async () => {
    const response = await fetch(`${server.url}/api/v1/boom`, { headers: { 'sec-fetch-dest': 'document' } });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const requestId = response.headers.get('x-request-id') ?? '';
    const page = await response.text();
    expect(page).toContain(`<code id="request-id">${requestId}</code>`);
    expect(page).not.toMatch(/hunter2| at /);
    await linesOf(requestId, 2);
  });

  it('leaves the probes out at the default level', async () => {
    const probes = await Promise.all([fetch(`${server.url}/api/healthz`), fetch(`${server.url}/api/readyz`)]);
    // Written after the probes' responses: once it is in the log, theirs would be too.
    const after = await fetch(`${server.url}/api/v1/hello`);
    await linesOf(after.headers.get('x-request-id'));
    for (const probe of probes) {
      expect(probe.status).toBe(200);
      expect(logLines().filter((line) => line['requestId'] === probe.headers.get('x-request-id'))).toEqual(
        [],
      );
    }
  });
});
