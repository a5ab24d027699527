/** Server-Sent Events: a live stream that resumes from `Last-Event-ID`, across workers and instances. */
// GET /api/v1/todos/events
// Access: anyone. Limits: 10 open streams per address, 1,000 per process; cut off after 30 s without reading.
// 200 text/event-stream: The event stream: `ready`, then each change.
import { defineEventHandler } from 'h3';

import { todoEvents } from '../../../../lib/live';

/** `ready`, then `created`, `updated` and `deleted` with ids, only as fast as the client reads: `eventFanOut` in lib/live. */
export default defineEventHandler((event) => todoEvents.open(event));
