/** Liveness probe: 200 while the process runs, no I/O, so a slow database never restarts it. */
// GET /api/healthz
// Access: anyone. Limits: No body; no rate limit, it does no I/O.
// 200: The process is alive.
import { defineEventHandler, setResponseHeader } from 'h3';

/**
 * For a container platform's liveness probe (docs/deploy.md): it answers while the process can
 * answer anything, draining included, and checks nothing else. A database outage is readiness's
 * business (`GET /api/readyz`): restarting the process would not bring the database back.
 */
export default defineEventHandler((event) => {
  setResponseHeader(event, 'cache-control', 'no-store');
  return { status: 'alive' };
});
