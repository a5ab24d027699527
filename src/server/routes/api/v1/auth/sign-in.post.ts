/** Rate-limited sign-in: a wrong email or password is the same 401; the 6th failure in 15 minutes is a 429. */
// POST /api/v1/auth/sign-in
import { defineServerRoute } from '@analogjs/router/server/actions';

import { accountOutput, signInInput } from '../../../../lib/accounts';
import { signIn } from '../../../../lib/auth';

export const route = defineServerRoute({
  body: signInInput,
  output: accountOutput,
  handler: ({ body, event }) => signIn(event, body),
});

export default route;
