import { useRuntimeConfig } from 'nitropack/runtime';
import pino from 'pino';

const level = String(useRuntimeConfig()['logLevel'] || 'info');

/** stdout, written asynchronously: a request never waits for the pipe. */
const stdout = import.meta.dev ? undefined : pino.destination({ sync: false });
// What is still buffered goes out before the process ends, however it ends (a drain, a failed start).
process.on('exit', () => {
  try {
    stdout?.flushSync();
  } catch {
    // stdout is closed or was never opened: there is nowhere left to write.
  }
});

/**
 * The server's logger: pino, one JSON object a line on stdout, at `LOG_LEVEL` (runtimeConfig
 * `logLevel`: `debug`, `info` by default, `warn`, `error`, `silent`). `npm run dev` prints the
 * lines readable through pino-pretty (a dev dependency) instead, in pino's own worker thread.
 */
export const log = stdout
  ? pino({ level }, stdout)
  : pino({ level, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } });
