import { useRuntimeConfig } from 'nitropack/runtime';
import pino from 'pino';

const level = String(useRuntimeConfig()['logLevel'] || 'info');

/**
 * The server's logger: pino, one JSON object a line on stdout, at `LOG_LEVEL` (runtimeConfig
 * `logLevel`: `debug`, `info` by default, `warn`, `error`, `silent`). Each line is one synchronous
 * `write` to stdout: measured, it costs less CPU than pino's default asynchronous destination
 * (docs/deploy.md, "Logs"), and no line waits in a buffer when the process exits.
 * `npm run dev` prints the lines readable through pino-pretty (a dev dependency) instead, in
 * pino's own worker thread.
 */
export const log = import.meta.dev
  ? pino({ level, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } })
  : pino({ level }, pino.destination({ sync: true }));
