/** Rate-limited sign-in: a wrong email or password is the same 401; the 6th failure in 15 minutes is a 429. */
// POST /api/v1/auth/sign-in
import { defineServerRoute } from '#server-actions';

import { accountOutput, signInInput } from '../../../../lib/accounts';
import { signIn } from '../../../../lib/auth';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'Signed in: the account, and a new session cookie.' },
      401: { description: 'Wrong email or password (the same answer for both).' },
      429: { description: 'Too many failed attempts from this address or for this account.' },
    },
  },
});

export const route = defineServerRoute({
  body: signInInput,
  output: accountOutput,
  handler: ({ body, event }) => signIn(event, body),
});

export default route;
