import { connect } from 'node:net';
import { stripVTControlCharacters } from 'node:util';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinedChat } from '../support/chat';
import { openEventStream } from '../support/event-stream';
import { type RunningServer, startDevServer } from '../support/server';
import { newAccount, signUp } from '../support/sessions';
import { changesTagged, createTodo } from '../support/todo-api';

// One dev server for both describes: it takes about 30 s of a core to start.
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

/** Where the page's Vite client opens its HMR socket: the port and token /@vite/client carries. */
async function hmrSocket(): Promise<{ port: number; token: string }> {
  const client = await (await fetch(`${server.url}/@vite/client`)).text();
  const port = /const hmrPort = (\d+);/.exec(client)?.[1];
  const token = /const wsToken = "([^"]+)";/.exec(client)?.[1];
  if (!port || !token) throw new Error('no HMR port or token in /@vite/client');
  return { port: Number(port), token };
}

describe('WS /ws/chat (npm run dev)', () => {
  it('chats over the dev server as over the production build', async () => {
    const cookie = await signUp(server.url, newAccount('Dev'));
    const [one, other] = await Promise.all([joinedChat(server.url, cookie), joinedChat(server.url, cookie)]);
    const text = `dev ${crypto.randomUUID()}`;
    one.send({ type: 'message', text });
    await other.until('the message', () => other.texts().includes(text));
    await Promise.all([one.close(), other.close()]);
  }, 60_000);

  it('survives a client that resets its socket after a refused upgrade, as Chromium does', async () => {
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    socket.write(
      'GET /ws/chat HTTP/1.1\r\nHost: ' +
        new URL(server.url).host +
        '\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: ' +
        server.url +
        '\r\n\r\n',
    );
    const answer = await new Promise<string>((resolve) =>
      socket.once('data', (data) => resolve(data.toString())),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    socket.resetAndDestroy();
    await new Promise((wait) => setTimeout(wait, 500));
    expect((await fetch(`${server.url}/api/v1/hello`)).status).toBe(200);
  }, 60_000);

  it("keeps Vite's HMR socket on a port of its own, which the dev page policy lets the page reach", async () => {
    const { port, token } = await hmrSocket();
    expect(port).not.toBe(Number(new URL(server.url).port));
    const socket = new WebSocket(`ws://127.0.0.1:${port}/?token=${token}`, 'vite-hmr');
    const first = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(data.toString()));
      socket.once('error', reject);
    });
    expect(JSON.parse(first)).toEqual({ type: 'connected' });
    socket.close();
    const page = await fetch(`${server.url}/chat`);
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' ws:");
  }, 60_000);
});
