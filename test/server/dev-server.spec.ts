import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openEventStream } from '../support/event-stream';
import { type RunningServer, startDevServer } from '../support/server';
import { changesTagged, createTodo } from '../support/todo-api';

let server: RunningServer;

beforeAll(async () => {
  server = await startDevServer();
}, 180_000);

afterAll(() => server?.stop());

describe('npm run dev (Vite dev server with Nitro)', () => {
  it('serves a JSON route', async () => {
    const response = await fetch(`${server.url}/api/v1/hello`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Hello World' });
  });

  it('serves a dynamic route as text', async () => {
    const response = await fetch(`${server.url}/api/v1/greet/Ada`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('Hello, Ada!');
  });

  it('serves a validated route through the backported wrappers', async () => {
    const ok = await fetch(`${server.url}/api/v1/search?q=mug`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ q: 'mug', page: 1, tags: [] });
    const invalid = await fetch(`${server.url}/api/v1/search`);
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('x-analog-errors')).toBe('true');
  });

  it('streams todo changes as Server-Sent Events', async () => {
    const stream = await openEventStream(server.url);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    await stream.until('ready', (events) => events[0]?.event === 'ready');
    const tag = `dev ${crypto.randomUUID()}`;
    const todo = await createTodo(server.url, tag);
    await stream.until('the change', () => changesTagged(stream.events, tag).length === 1);
    expect(changesTagged(stream.events, tag)[0]).toMatchObject({ type: 'created', todo });
    stream.close();
  });

  it('answers an unknown API path with JSON, not the app shell', async () => {
    const response = await fetch(`${server.url}/api/v2/nothing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await fetch(`${server.url}/api/v1/products`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('server-renders a page with its loader', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('set-cookie')).toContain('products=loaded');
    expect(await response.text()).toContain('Analog Notebook');
  }, 60_000);

  it('logs its banner and no third-party sourcemap warning after a server render', async () => {
    expect((await fetch(`${server.url}/cookies`)).status).toBe(200);
    // Vite colours its log when CI is set, which splits the banner with escape codes.
    const log = stripVTControlCharacters(server.output());
    expect(log).toContain('VITE v');
    expect(log).not.toMatch(/Sourcemap for .*node_modules/);
  }, 60_000);

  it('seals sessions with a generated secret, and says so in one line', async () => {
    const account = {
      email: `${crypto.randomUUID()}@example.com`,
      name: 'Dev',
      password: 'correct horse battery',
    };
    const response = await fetch(`${server.url}/api/v1/auth/sign-up`, {
      method: 'POST',
      body: JSON.stringify(account),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
    const lines = stripVTControlCharacters(server.output())
      .split('\n')
      .filter((line) => line.includes('SESSION_SECRET'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('[sessions] SESSION_SECRET is not set');
  }, 60_000);
});
