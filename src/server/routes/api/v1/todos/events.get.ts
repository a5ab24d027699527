/** Server-Sent Events: a live stream that resumes from `Last-Event-ID`, across workers and instances. */
// GET /api/v1/todos/events
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { todoEvents } from '../../../../lib/live';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': '10 open streams per address, 1,000 per process; cut off after 30 s without reading.',
    responses: {
      200: {
        description: 'The event stream: `ready`, then each change.',
        content: { 'text/event-stream': {} },
      },
      429: { description: 'This client address holds its maximum of open streams.' },
      503: { description: 'This process holds its maximum of open streams.' },
    },
  },
});

/** `ready`, then `created`, `updated` and `deleted` with ids, only as fast as the client reads: `eventFanOut` in lib/live. */
export default defineEventHandler((event) => todoEvents.open(event));
