/** Server-Sent Events: a live stream that resumes from `Last-Event-ID`, across workers and instances. */
// GET /api/v1/todos/events
import { defineEventHandler } from 'h3';

import { openTodoEventStream, requireStreamSlot } from '../../../../lib/todo-events';
import { defineRouteMeta } from 'nitropack/runtime';

/**
 * A `text/event-stream` from h3's `createEventStream`: `ready` first (with `retry:` and the
 * position), then `created`, `updated` and `deleted` events whose `id:` a reconnecting
 * EventSource sends back as `Last-Event-ID`, or `reset` when those are no longer kept.
 * See docs/live-updates.md.
 */
defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'At most 1,000 open streams per process (503 past it); a heartbeat every 15 s.',
    responses: {
      200: {
        description: 'The event stream: `ready`, then each change.',
        content: { 'text/event-stream': {} },
      },
      503: { description: 'This process holds its maximum of open streams.' },
    },
  },
});

export default defineEventHandler((event) => {
  requireStreamSlot(event);
  return openTodoEventStream(event);
});
