/** Rate-limited sign-in: a wrong email or password is the same 401; limits per address and pair answer 429, an account only slows down. */
// POST /api/v1/auth/sign-in
// Access: anyone. Limits: Password ≤ 128 characters; 20 failures per 15 min per address (an IPv6 /64), 5 per account and address; an account slows down after 5 failures, to 8 s at most, 4 slowed attempts at once.
// 200: Signed in: the account, and a new session cookie.
import { defineServerRoute } from '#server-actions';

import { accountOutput, signIn, signInInput } from '../../../../lib/auth';

export const route = defineServerRoute({
  body: signInInput,
  output: accountOutput,
  handler: ({ body, event }) => signIn(event, body),
});

export default route;
