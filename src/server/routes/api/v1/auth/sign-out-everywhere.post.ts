/** Sign out everywhere: every session of the signed-in account ends, in every process, this one too. */
// POST /api/v1/auth/sign-out-everywhere
import { defineEventHandler, sendNoContent } from 'h3';

import { endAllSessions, requireUser } from '../../../../lib/auth';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'signed-in',
    'x-limits': 'No body; ends only the caller’s own sessions.',
    responses: {
      204: { description: 'Every session of the account is ended, and this one’s cookie cleared.' },
      401: { description: 'No valid session.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  const { id } = await requireUser(event);
  await endAllSessions(event, id);
  return sendNoContent(event);
});
