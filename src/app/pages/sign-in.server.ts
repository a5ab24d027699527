import type { PageServerAction } from '#server-actions';

import { accountFormAction, readForm, redirectToNext, signIn, signInInput } from '../../server/lib/auth';

/** Signs in and answers 303 to `next` when it is a path on this site, else to `/`. */
export const action = async ({ event }: PageServerAction) => {
  const form = await readForm(event);
  return accountFormAction(event, '/sign-in', form, signInInput, async (credentials) => {
    await signIn(event, credentials);
    return redirectToNext(event, form['next']);
  });
};
