/** Password change: the current password proves it is you; the new one is hashed, and every session but a new one ends. */
// PUT /api/v1/auth/password
// Access: signed-in. Limits: Passwords ≤ 128 characters; 5 wrong current passwords per 15 min per account.
// 204: Changed: every session of the account has ended; this browser has a new one (Set-Cookie).
import { defineServerRoute } from '#server-actions';
import { sendNoContent } from 'h3';

import { changePassword, passwordChangeInput } from '../../../../lib/account';
import { requireSession } from '../../../../lib/auth';

export const route = defineServerRoute({
  body: passwordChangeInput,
  handler: async ({ body, event }) => {
    await changePassword(event, await requireSession(event), body);
    return sendNoContent(event);
  },
});

export default route;
