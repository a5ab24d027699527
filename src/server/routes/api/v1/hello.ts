/** JSON route: return a plain object and h3 serialises it as JSON, for any method. */
// ANY /api/v1/hello
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: it stores nothing.',
    responses: { 200: { description: 'The greeting.' } },
  },
});

export default defineEventHandler(() => ({ message: 'Hello World' }));
