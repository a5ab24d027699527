/** Sign out everywhere: every session of the signed-in account ends, in every process, this one too. */
// POST /api/v1/auth/sign-out-everywhere
// Access: signed-in. Limits: No body; ends only the caller’s own sessions.
// 204: Every session of the account is ended, and this one’s cookie cleared.
import { defineEventHandler, sendNoContent } from 'h3';

import { endAllSessions, requireUser } from '../../../../lib/auth';

export default defineEventHandler(async (event) => {
  const { id } = await requireUser(event);
  await endAllSessions(event, id);
  return sendNoContent(event);
});
