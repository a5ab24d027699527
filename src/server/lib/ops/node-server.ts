// The server's entry for the `node-server` preset (each worker's, under `node-cluster`), put in
// place of Nitro's by vite.config.ts. It is Nitro 2.13's own entry
// (nitropack/dist/presets/node/runtime/node-server.mjs) with one change: `drainOnSignals`
// instead of Nitro's `setupGracefulShutdown`, which closes the listener at the signal with no
// grace, runs the `close` hook only after every connection ended (so an open event stream held
// it until the timeout) and exits 0 even when it gave up on requests still running; and
// `websocketUpgrades` (./websockets.ts) instead of crossws's bare adapter; and body and header timeouts.
import '#nitro-internal-pollyfills';
import { toNodeListener } from 'h3';
import { Server as HttpServer } from 'node:http';
import { Server as HttpsServer } from 'node:https';
import { useNitroApp, useRuntimeConfig } from 'nitropack/runtime';
import { startScheduleRunner, trapUnhandledNodeErrors } from 'nitropack/runtime/internal/index';

import { cutIdleBodies } from './body-timeout';
import { drainOnSignals } from './drain';
import { websocketUpgrades } from './websockets';
import { log } from '../request-log';

const cert = process.env['NITRO_SSL_CERT'];
const key = process.env['NITRO_SSL_KEY'];
const nitroApp = useNitroApp();
const listener = toNodeListener(nitroApp.h3App);
// Headers must arrive within BODY_TIMEOUT_SECONDS (default 30), and a body must not stop arriving for
// that long (`cutIdleBodies`, as nginx's `client_body_timeout`): a slow but steady upload goes on, one
// left one byte short is cut with 408 after that long. Node's `requestTimeout` (its default, 5 minutes)
// still bounds a whole request, so 5 MiB needs 17.5 KB/s. Node checks its timeouts every second. A
// socket buffers 16 KiB before it stops reading, Node 20's default on every line (Node 22 raised it to
// 64 KiB), so a connection that is never read costs the same everywhere.
const bodyTimeoutMs = (Number(process.env['BODY_TIMEOUT_SECONDS']) || 30) * 1_000;
const options = {
  headersTimeout: bodyTimeoutMs,
  connectionsCheckingInterval: 1_000,
  highWaterMark: 16 * 1024,
};
const server =
  cert && key ? new HttpsServer({ key, cert, ...options }, listener) : new HttpServer(options, listener);
const port = Number(process.env['NITRO_PORT'] || process.env['PORT'] || 3000);
const host = process.env['NITRO_HOST'] || process.env['HOST'];
const path = process.env['NITRO_UNIX_SOCKET'];

server.listen(path ? { path } : { port, host }, () => {
  const address = server.address();
  if (typeof address === 'string' || !address) {
    log.info({ socket: address }, 'listening');
    return;
  }
  const baseURL = (useRuntimeConfig().app.baseURL || '').replace(/\/$/, '');
  const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  log.info({ url: `${cert && key ? 'https' : 'http'}://${hostname}:${address.port}${baseURL}` }, 'listening');
});
server.on('error', (error) => {
  log.fatal({ err: error }, 'cannot listen');
  process.exit(1);
});
trapUnhandledNodeErrors();
cutIdleBodies(server, bodyTimeoutMs);
drainOnSignals(server, nitroApp);
if (import.meta._websocket) server.on('upgrade', websocketUpgrades(nitroApp.h3App));
if (import.meta._tasks) startScheduleRunner();

export default {};
