import { useRuntimeConfig } from 'nitropack/runtime';
import pino from 'pino';

const level = String(useRuntimeConfig()['logLevel'] || 'info');

/** How long a line may wait for others to share its `write`, and how many bytes make one go at once. */
const batchMs = 50;
const batchBytes = 16_384;

/**
 * stdout in batches: lines gather for up to 50 ms (or 16 KiB) and go out in one `write`. A write
 * to a pipe cost about 4 µs per line on the bench's machine, a tenth of a hello, whether pino
 * wrote each line at once or through its asynchronous destination (docs/deploy.md, "Logs").
 * Errors go out at once, and what is pending when the process exits goes out then.
 */
function batchedStdout(): pino.DestinationStream {
  // Synchronous: retries while a full pipe answers EAGAIN, so no batch is lost or reordered.
  const stdout = pino.destination({ sync: true });
  let pending = '';
  const flush = () => {
    if (!pending) return;
    const text = pending;
    pending = '';
    stdout.write(text);
  };
  setInterval(flush, batchMs).unref();
  process.on('exit', flush);
  return {
    write(line: string) {
      pending += line;
      // pino writes `{"level":50` first for an error, 60 for fatal.
      if (pending.length >= batchBytes || line.charCodeAt(9) >= 53) flush();
    },
  };
}

/**
 * The server's logger: pino, one JSON object a line on stdout, at `LOG_LEVEL` (runtimeConfig
 * `logLevel`: `debug`, `info` by default, `warn`, `error`, `silent`). `npm run dev` prints the
 * lines readable through pino-pretty (a dev dependency) instead, in pino's own worker thread.
 */
export const log = import.meta.dev
  ? pino({
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
    })
  : pino({ level }, batchedStdout());
