/** Protected read: the `requireUser` guard answers 401 without a live session, else the account, never cached. */
// GET /api/v1/me
import { defineEventHandler } from 'h3';

import { requireUser } from '../../../lib/auth';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'signed-in',
    'x-limits': 'No body; one indexed read per request.',
    responses: {
      200: { description: 'The signed-in account (`Cache-Control: private, no-store`).' },
      401: { description: 'No valid session.' },
    },
  },
});

export default defineEventHandler((event) => requireUser(event));
