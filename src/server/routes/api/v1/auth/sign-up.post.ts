/** Sign-up: validate, hash the password, store the account and start its session, answering 201. */
// POST /api/v1/auth/sign-up
// Access: anyone. Limits: Password ≤ 128 characters; 10 new accounts per hour per address; 5 taken emails per 15 min per address and per email.
// 201: The new account, signed in.
import { defineServerRoute } from '#server-actions';
import { setResponseStatus } from 'h3';

import { accountOutput, signUp, signUpInput } from '../../../../lib/auth';

export const route = defineServerRoute({
  body: signUpInput,
  output: accountOutput,
  handler: async ({ body, event }) => {
    const account = await signUp(event, body);
    setResponseStatus(event, 201, 'Created');
    return account;
  },
});

export default route;
