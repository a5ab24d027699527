/** Rate-limited sign-in: a wrong email or password is the same 401; limits per address and pair answer 429, an account only slows down. */
// POST /api/v1/auth/sign-in
import { defineServerRoute } from '#server-actions';

import { accountOutput, signIn, signInInput } from '../../../../lib/auth';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits':
      'Password ≤ 128 characters; 20 failures per 15 min per address (an IPv6 /64), 5 per account and address; an account slows down after 5 failures, to 8 s at most, 4 slowed attempts at once.',
    responses: {
      200: { description: 'Signed in: the account, and a new session cookie.' },
      401: { description: 'Wrong email or password (the same answer for both).' },
      429: {
        description:
          'Too many failed attempts from this address, or for this account from this address, or too many slowed attempts on this account at once.',
      },
    },
  },
});

export const route = defineServerRoute({
  body: signInInput,
  output: accountOutput,
  handler: ({ body, event }) => signIn(event, body),
});

export default route;
