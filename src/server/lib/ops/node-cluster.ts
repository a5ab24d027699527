// The entry for the `node-cluster` preset, put in place of Nitro's by vite.config.ts. Nitro
// 2.13's primary (nitropack/dist/presets/node/runtime/node-cluster.mjs) waits for its workers
// on a signal but never passes the signal on: a container runtime signals only the primary, so
// the workers kept serving until the primary gave up and exited 0, taking them down mid-request.
// This one forwards the signal, so every worker drains (./drain.ts), and exits with 1 when a
// worker did not drain in time. A worker still starting when the signal comes has no handler for
// it yet and dies of it: it never listened, so it had no request to lose, and that is no failure.
// The primary only forks and waits: it imports none of the app (Nitro's runtime starts the whole
// app when loaded: its plugins, the database), only pino for its few lines, at `LOG_LEVEL`.
import cluster, { type Worker } from 'node:cluster';
import { cpus } from 'node:os';
import pino from 'pino';

import { drainSettings } from './settings';

function runPrimary(log: pino.Logger): void {
  const workers = Number.parseInt(process.env['NITRO_CLUSTER_WORKERS'] || '') || cpus().length || 1;
  for (let n = 0; n < workers; n += 1) cluster.fork();
  let stopping: NodeJS.Signals | undefined;
  let failed = false;
  const listened = new WeakSet<Worker>();
  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      log.error({ worker: worker.process.pid, code, signal }, 'worker died: starting another');
      cluster.fork();
      return;
    }
    if (signal === stopping && !listened.has(worker)) {
      log.info({ worker: worker.process.pid, signal }, 'worker stopped before it started');
    } else if (code !== 0) {
      log.error({ worker: worker.process.pid, code, signal }, 'worker failed to drain');
      failed = true;
    }
    if (Object.values(cluster.workers ?? {}).every((other) => !other || other.isDead())) {
      process.exit(failed ? 1 : 0);
    }
  });
  const { disabled, signals, timeoutMs } = drainSettings();
  if (disabled) return;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    // Each worker keeps its own bound; this one catches a worker that hangs past it.
    setTimeout(() => {
      log.error({ timeoutMs }, 'workers did not exit in time: killing them');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, timeoutMs + 1_000);
  };
  for (const signal of signals) process.on(signal, stop);
}

if (cluster.isPrimary) {
  const log = pino({ level: process.env['LOG_LEVEL'] || 'info' });
  // As Nitro's entries do, an error nothing caught is logged, and the primary keeps its workers.
  process.on('uncaughtException', (err) => log.error({ err }, 'uncaught exception'));
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));
  runPrimary(log);
} else await import('./node-server');
