/** Protected read: the `requireUser` guard answers 401 without a valid session, else the account. */
// GET /api/v1/me
import { defineEventHandler } from 'h3';

import { requireUser } from '../../../lib/auth';

export default defineEventHandler((event) => requireUser(event));
