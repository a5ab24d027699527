/** Sign-out: the session ends on the server (a copy of its cookie stops working) and its cookie is cleared; 204 with or without one. */
// POST /api/v1/auth/sign-out
import { defineEventHandler, sendNoContent } from 'h3';

import { endSession } from '../../../../lib/auth';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'No body; ends only the session its own cookie names.',
    responses: {
      204: { description: 'The session is ended and its cookie cleared.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  await endSession(event);
  return sendNoContent(event);
});
