import type { PageServerAction } from '#server-actions';

import { accountFormAction, readForm, redirectToNext, signUp, signUpInput } from '../../server/lib/auth';

/** Creates the account, signs it in and answers 303 to `next` when it is a path on this site. */
export const action = async ({ event }: PageServerAction) => {
  const form = await readForm(event);
  return accountFormAction(event, '/sign-up', form, signUpInput, async (input) => {
    await signUp(event, input);
    return redirectToNext(event, form['next']);
  });
};
