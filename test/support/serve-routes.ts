import { type EventHandler, createApp, createRouter, toNodeListener } from 'h3';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

/**
 * Serves h3 handlers on a real loopback HTTP listener for the rest of the spec file,
 * so every test drives real h3 events made from real Node requests.
 */
export async function serveRoutes(routes: Record<string, EventHandler>): Promise<string> {
  const router = createRouter();
  for (const [path, handler] of Object.entries(routes)) router.use(path, handler);
  const server: Server = createServer(toNodeListener(createApp().use(router)));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
