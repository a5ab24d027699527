/** Redirect: `redirect()` answers 302 with a `Location` header. */
// GET /api/v1/redirect
import { redirect } from '#server-actions';
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: a fixed redirect.',
    responses: {
      302: { description: 'Go to `/api/v1/hello`.' },
    },
  },
});

export default defineEventHandler(() => redirect('/api/v1/hello'));
