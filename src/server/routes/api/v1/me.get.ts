/** Protected read: the `requireUser` guard answers 401 without a live session, else the account, never cached. */
// GET /api/v1/me
// Access: signed-in. Limits: No body; one indexed read per request.
// 200: The signed-in account (`Cache-Control: private, no-store`).
import { defineEventHandler } from 'h3';

import { requireUser } from '../../../lib/auth';

export default defineEventHandler((event) => requireUser(event));
