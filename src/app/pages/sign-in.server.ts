import { type PageServerAction, redirect } from '#server-actions';

import { accountFormAction, readForm } from '../../server/lib/account-forms';
import { signInInput } from '../../server/lib/accounts';
import { signIn } from '../../server/lib/auth';
import { safeRedirectPath } from '../../server/lib/redirects';

/** Signs in and answers 303 to `next` when it is a path on this site, else to `/`. */
export const action = async ({ event }: PageServerAction) => {
  const form = await readForm(event);
  return accountFormAction(event, '/sign-in', form, signInInput, async (credentials) => {
    await signIn(event, credentials);
    return redirect(safeRedirectPath(form['next']), 303);
  });
};
