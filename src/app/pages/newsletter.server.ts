import { type PageServerAction, fail, redirect } from '#server-actions';
import { readFormData } from 'h3';

import { errorCodeQuery } from '../../server/lib/forms';
import { newsletterSignup, subscribe } from '../../server/lib/newsletter';
import { isBrowserFormPost } from '../../modules/request';
import { newsletterMessages } from '../../shared/newsletter-messages';

/**
 * The page's form action: validates the sign-up with its Standard Schema, then answers 303 to
 * `/subscribed`. Invalid input gets `fail(422, issues)` for the hydrated form; a plain form post
 * (JavaScript off) gets 303 back to the page with the errors' codes, since the browser would show raw JSON.
 */
export const action = async ({ event }: PageServerAction) => {
  const form = await readFormData(event).catch(() => new FormData());
  const result = await newsletterSignup['~standard'].validate(Object.fromEntries(form));
  if (result.issues) {
    if (isBrowserFormPost(event))
      return redirect(`/newsletter?${errorCodeQuery(result.issues, newsletterMessages)}`, 303);
    return fail(422, result.issues);
  }
  await subscribe(event, result.value);
  return redirect('/subscribed', 303);
};
