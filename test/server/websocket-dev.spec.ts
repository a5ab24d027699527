import { connect } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { joinedChat } from '../support/chat';
import { type RunningServer, startDevServer } from '../support/server';
import { newAccount, signUp } from '../support/sessions';

let server: RunningServer;

beforeAll(async () => {
  server = await startDevServer();
}, 180_000);

afterAll(() => server?.stop());

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
