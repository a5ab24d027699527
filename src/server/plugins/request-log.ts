import { defineNitroPlugin } from 'nitropack/runtime';

import { logRequests } from '../lib/request-log';

/** One JSON line per request and an `X-Request-Id` on every response (docs/deploy.md, "Logs"). */
export default defineNitroPlugin((nitroApp) => {
  if (!import.meta.prerender) logRequests(nitroApp);
});
