import { defineEventHandler } from 'h3';
import { getRouteRules } from 'nitropack/runtime';

import { defaultMaxBodyBytes, requireBodyWithinLimit } from '../body-limit.ts';

/**
 * Refuses a request body over the route's `bodyLimit` rule (the module's `bodyLimit` option,
 * 1 MiB unless set) with a JSON 413, before any route buffers it. A route whose rule says
 * `bodyLimit: false` reads and caps its body itself, e.g. an upload that streams to disk.
 */
export default defineEventHandler((event) => {
  const { bodyLimit } = getRouteRules(event);
  return bodyLimit === false ? undefined : requireBodyWithinLimit(event, bodyLimit ?? defaultMaxBodyBytes);
});
