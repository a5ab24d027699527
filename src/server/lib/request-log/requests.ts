import type { H3Event } from 'h3';
import type { NitroApp } from 'nitropack/types';
import { randomUUID } from 'node:crypto';

import { log } from './logger';

declare module 'h3' {
  interface H3EventContext {
    /** The request's id, set before any handler runs (src/server/lib/request-log). */
    requestId?: string;
  }
}

/** An id a proxy or client may set: letters, digits, `-` and `_`, 8 to 64 of them. */
const wellFormedId = /^[\w-]{8,64}$/;

/**
 * Probes ask every few seconds and say nothing new: their lines are `debug`, shown only with
 * `LOG_LEVEL=debug` (docs/deploy.md).
 */
const probeRoutes = new Set(['/api/healthz', '/api/readyz']);

/** The request's id: the caller's well-formed `X-Request-Id` (a proxy's, so one id follows every hop), else a new UUID. */
function assignRequestId(event: H3Event): void {
  const incoming = event.node.req.headers['x-request-id'];
  const id = typeof incoming === 'string' && wellFormedId.test(incoming) ? incoming : randomUUID();
  event.context.requestId = id;
  event.node.res.setHeader('x-request-id', id);
}

/**
 * The request's line, once its response is done (or the client went away): what was asked,
 * by whom, and how it went. The route is the pattern the router matched (`/api/v1/users/:id`),
 * never the path, so ids in URLs don't make every line unique; static files and requests
 * refused before routing have none. No header, cookie, query string or body is ever written into it.
 */
function writeLine(event: H3Event, started: number, bytesBefore: number): void {
  const { req, res } = event.node;
  const route: string | undefined = event.context.matchedRoute?.path;
  const level = route && probeRoutes.has(route) ? 'debug' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const bytes = (req.socket?.bytesWritten ?? 0) - bytesBefore;
  // One object literal of one shape, the cheapest for V8 and pino; pino leaves out `undefined` fields.
  log[level]({
    requestId: event.context.requestId,
    method: req.method,
    route,
    status: res.statusCode,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    bytes: Number.isFinite(bytes) ? bytes : undefined,
    aborted: res.writableFinished ? undefined : true,
    // The user, when a guard read the request's session and said who (`event.context.userId`,
    // as the sessions recipe does): never a database query of the log's own.
    userId: event.context['userId'] as number | undefined,
  });
}

/**
 * Gives every request an id, echoed in `X-Request-Id` and kept in `event.context.requestId`
 * (server functions read it back from the response, src/app/reviews/request-id.interceptor.ts),
 * and logs one line per request. A server error is logged once more, with its stack, under the
 * same id (a 503 thrown on purpose: a warning, its message and no stack); the error page shows the
 * id to the person who hit it (src/server/error-page.ts).
 */
export function logRequests(nitroApp: NitroApp): void {
  const quiet = !log.isLevelEnabled('debug') && !log.isLevelEnabled('info');
  nitroApp.hooks.hook('request', (event) => {
    assignRequestId(event);
    if (quiet) return;
    const started = performance.now();
    const bytesBefore = event.node.req.socket?.bytesWritten ?? 0;
    // `close` comes once per response, when it is done or the client went away.
    event.node.res.on('close', () => writeLine(event, started, bytesBefore));
  });
  nitroApp.hooks.hook('error', (error, { event }) => {
    const { statusCode: status = 500, unhandled } = error as { statusCode?: number; unhandled?: boolean };
    if (status < 500) return;
    const requestId = event?.context.requestId;
    // A 503 a handler threw on purpose (`createError`: not configured, full) is a state, not a bug.
    if (status === 503 && unhandled === false)
      return log.warn({ requestId, status, reason: error.message }, 'request refused');
    // h3 wraps what a handler threw; its own error, with its own stack, is what to read.
    const err = error.cause instanceof Error ? error.cause : error;
    log.error({ requestId, status, err }, 'request failed');
  });
}
