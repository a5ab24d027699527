/** Liveness probe: 200 while the process runs, no I/O, so a slow database never restarts it. */
// GET /api/healthz
import { defineEventHandler, setResponseHeader } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

/**
 * For a container platform's liveness probe (docs/deploy.md): it answers while the process can
 * answer anything, draining included, and checks nothing else. A database outage is readiness's
 * business (`GET /api/readyz`): restarting the process would not bring the database back.
 */
defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The process is alive.' },
    },
    security: [],
    'x-access': 'anyone',
    'x-limits': 'No body; no rate limit, it does no I/O.',
  },
});

export default defineEventHandler((event) => {
  setResponseHeader(event, 'cache-control', 'no-store');
  return { status: 'alive' };
});
