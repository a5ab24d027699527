/** Readiness probe: 200 while the database answers, 503 with a reason while it doesn't or the server drains. */
// GET /api/readyz
// Access: anyone. Limits: No body; no rate limit, concurrent probes share one database check.
// 200: Ready: `{ "status": "ready" }`. 503: Not ready: `{ "status": "unavailable", "reason": "draining" | "database unreachable" }`.
import { defineEventHandler, setResponseHeader, setResponseStatus } from 'h3';

import { readiness } from '../../lib/ops';

/**
 * For a container platform's readiness probe and a load balancer's health check (docs/deploy.md):
 * 503 takes the instance out of rotation without restarting it, from the shutdown signal on
 * (`draining`) or while the database gives no answer within a second.
 */
export default defineEventHandler(async (event) => {
  setResponseHeader(event, 'cache-control', 'no-store');
  const state = await readiness();
  if (state.ready) return { status: 'ready' };
  setResponseStatus(event, 503, 'Service Unavailable');
  return { status: 'unavailable', reason: state.reason };
});
