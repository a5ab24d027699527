/** Sign-up: validate, hash the password, store the account and start its session, answering 201. */
// POST /api/v1/auth/sign-up
import { defineServerRoute } from '#server-actions';
import { setResponseStatus } from 'h3';

import { accountOutput, signUpInput } from '../../../../lib/accounts';
import { signUp } from '../../../../lib/auth';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    responses: {
      201: { description: 'The new account, signed in.' },
      409: { description: 'The email has an account already.' },
      429: { description: 'Too many attempts from this address.' },
    },
  },
});

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
