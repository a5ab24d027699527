/** Sign-out: the session ends on the server (a copy of its cookie stops working) and its cookie is cleared; 204 with or without one. */
// POST /api/v1/auth/sign-out
// Access: anyone. Limits: No body; ends only the session its own cookie names.
// 204: The session is ended and its cookie cleared.
import { defineEventHandler, sendNoContent } from 'h3';

import { endSession } from '../../../../lib/auth';

export default defineEventHandler(async (event) => {
  await endSession(event);
  return sendNoContent(event);
});
