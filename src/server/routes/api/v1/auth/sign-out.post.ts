/** Sign-out: the session cookie is emptied and expires; answers 204 with or without a session. */
// POST /api/v1/auth/sign-out
import { defineEventHandler, sendNoContent } from 'h3';

import { endSession } from '../../../../lib/sessions';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': "None needed: it only clears the caller's own cookie.",
    responses: {
      204: { description: 'The session cookie is cleared.' },
    },
  },
});

export default defineEventHandler((event) => {
  endSession(event);
  return sendNoContent(event);
});
