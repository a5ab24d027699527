/** Password change: the current password proves it is you; the new one is hashed, and every session but a new one ends. */
// PUT /api/v1/auth/password
import { defineServerRoute } from '#server-actions';
import { sendNoContent } from 'h3';

import { changePassword, passwordChangeInput } from '../../../../lib/account';
import { requireSession } from '../../../../lib/auth';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'signed-in',
    'x-limits': 'Passwords ≤ 128 characters; 5 wrong current passwords per 15 min per account.',
    responses: {
      204: {
        description:
          'Changed: every session of the account has ended; this browser has a new one (Set-Cookie).',
      },
      401: { description: 'No valid session.' },
      403: { description: 'The current password is wrong.' },
      429: { description: 'Too many wrong current passwords for this account.' },
    },
  },
});

export const route = defineServerRoute({
  body: passwordChangeInput,
  handler: async ({ body, event }) => {
    await changePassword(event, await requireSession(event), body);
    return sendNoContent(event);
  },
});

export default route;
