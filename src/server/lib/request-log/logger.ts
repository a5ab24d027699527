import { useRuntimeConfig } from 'nitropack/runtime';
import pino from 'pino';

const level = String(useRuntimeConfig()['logLevel'] || 'info');

/**
 * stdout through pino's asynchronous destination (sonic-boom), in production: a line joins its
 * buffer, and a `write` carries what has gathered once 4 KiB have or every 50 ms, off the request's
 * path. pino writes what is left when the process exits; the drain waits for it (`flushLog`). Past
 * 16 MiB unwritten (stdout not being read), lines are dropped, not held (docs/deploy.md, "Logs").
 */
const stdout = import.meta.dev
  ? undefined
  : pino.destination({ sync: false, minLength: 4096, periodicFlush: 50, maxLength: 16 * 1024 * 1024 });

/**
 * The server's logger: pino, one JSON object a line on stdout, at `LOG_LEVEL` (runtimeConfig
 * `logLevel`: `debug`, `info` by default, `warn`, `error`, `silent`). `npm run dev` prints the
 * lines readable through pino-pretty (a dev dependency) instead, in pino's own worker thread.
 */
export const log = stdout
  ? pino({ level }, stdout)
  : pino({
      level,
      transport: {
        target: 'pino-pretty',
        // One line a request: `GET /api/v1/users/:id 200 1.5 ms {"requestId":"…","bytes":502}`.
        options: {
          ignore: 'pid,hostname,method,route,status,durationMs',
          singleLine: true,
          messageFormat: '{if method}{method} {route} {status} {durationMs} ms{end}{msg}',
        },
      },
    });

/** Resolves once every line logged so far has been written: the drain's step before the process exits. */
export const flushLog = (): Promise<void> =>
  new Promise((done) => (stdout ? stdout.flush(() => done()) : done()));
