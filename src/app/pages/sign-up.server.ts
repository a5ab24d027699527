import { type PageServerAction, redirect } from '#server-actions';

import { accountFormAction, readForm } from '../../server/lib/account-forms';
import { signUpInput } from '../../server/lib/accounts';
import { signUp } from '../../server/lib/auth';
import { safeRedirectPath } from '../../server/lib/redirects';

/** Creates the account, signs it in and answers 303 to `next` when it is a path on this site. */
export const action = async ({ event }: PageServerAction) => {
  const form = await readForm(event);
  return accountFormAction(event, '/sign-up', form, signUpInput, async (input) => {
    await signUp(event, input);
    return redirect(safeRedirectPath(form['next']), 303);
  });
};
