/** Protected read: the `requireUser` guard answers 401 without a valid session, else the account. */
// GET /api/v1/me
import { defineEventHandler } from 'h3';

import { requireUser } from '../../../lib/auth';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'signed-in',
    'x-limits': "None needed: it reads the caller's own account.",
    responses: {
      200: { description: 'The signed-in account.' },
      401: { description: 'No valid session.' },
    },
  },
});

export default defineEventHandler((event) => requireUser(event));
