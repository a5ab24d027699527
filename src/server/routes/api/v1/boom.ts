/** Uncaught error: h3 answers 500, and in production the body carries no stack or message. */
// ANY /api/v1/boom
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: it throws before doing anything.',
    responses: {
      500: { description: 'Always: the handler throws.' },
    },
  },
});

export default defineEventHandler(() => {
  throw new Error('Database password is hunter2');
});
