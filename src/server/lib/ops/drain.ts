import type { Server } from 'node:http';
import type { NitroApp } from 'nitropack/types';
import { setTimeout as sleep } from 'node:timers/promises';

import { flushLog, log } from '../request-log';
import { drainSettings } from './settings';

declare module 'nitropack/types' {
  interface NitroRuntimeHooks {
    /** A shutdown signal came: start nothing new (the housekeeping task); requests are still served. */
    draining: () => void;
    /** The server stopped accepting connections: end what never ends by itself (event streams). */
    drain: () => void | Promise<void>;
  }
}

let draining = false;

/** True from the shutdown signal on: readiness answers 503 (./readiness.ts). */
export const isDraining = (): boolean => draining;

/**
 * Drains the server on `SIGTERM` or `SIGINT` (docs/deploy.md, "Stopping"):
 * 1. at once, readiness answers 503 and every response says `Connection: close`, so a load
 *    balancer stops sending new requests and keep-alive clients reconnect elsewhere;
 * 2. after `DRAIN_GRACE_MS` (the time a platform takes to notice), the listener closes: new
 *    connections are refused, and the `drain` hook ends the event streams (a last `retry:`);
 * 3. requests in flight complete, idle connections close as they become idle;
 * 4. Nitro's `close` hook closes the database pool and the `LISTEN` client, the log's last lines
 *    are written, and the process exits 0. Past `NITRO_SHUTDOWN_TIMEOUT` (10 s) from the signal,
 *    it exits 1 instead (pino writes what is left as it exits).
 * A repeated signal changes nothing.
 */
export function drainOnSignals(server: Server, nitroApp: NitroApp): void {
  const settings = drainSettings();
  if (settings.disabled) return;
  const drain = async (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    await nitroApp.hooks.callHook('draining');
    const started = performance.now();
    const elapsedMs = () => Math.round(performance.now() - started);
    log.info({ signal, graceMs: settings.graceMs, timeoutMs: settings.timeoutMs }, 'draining');
    setTimeout(() => {
      log.error({ elapsedMs: elapsedMs() }, 'drain timed out: exiting with requests still open');
      process.exit(1);
    }, settings.timeoutMs);
    server.on('request', (_req, res) => res.setHeader('connection', 'close'));
    await sleep(settings.graceMs);
    const closed = new Promise((done) => server.close(done));
    await nitroApp.hooks.callHook('drain');
    // `close` ends the connections idle now; these end each one that becomes idle later.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    await closed;
    clearInterval(sweep);
    await nitroApp.hooks.callHook('close');
    log.info({ elapsedMs: elapsedMs() }, 'drained');
    await flushLog();
    process.exit(0);
  };
  for (const signal of settings.signals) {
    process.on(signal, () => {
      drain(signal).catch((error) => {
        log.error({ err: error }, 'drain failed');
        process.exit(1);
      });
    });
  }
}
