import type { PageServerLoad } from '@analogjs/router';
import { type PageServerAction, json, redirect } from '#server-actions';
import type { $Fetch } from 'nitropack';

import { accountFormAction, readForm } from '../../server/lib/account-forms';
import { displayName, renameAccount } from '../../server/lib/accounts';
import { requireUser } from '../../server/lib/auth';
import { isBrowserFormPost } from '../../server/lib/forms';
import { endSession } from '../../server/lib/sessions';
import { ApiError, loaderApi } from '../shared/api-client';
import { z } from 'zod';

/** Where a visitor without a session goes: sign-in, and back here afterwards. */
const signIn = '/sign-in?next=%2Faccount';

/**
 * Reads `GET /api/v1/me` through the request's own `$fetch`, which forwards its cookie. Without
 * a session the answer is `redirect`, which the page follows: 302 on the server, a navigation in
 * the browser.
 */
export const load = async ({ event }: PageServerLoad) => {
  try {
    return { account: await loaderApi(event.$fetch as $Fetch)('/api/v1/me'), redirect: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { account: null, redirect: signIn };
    throw error;
  }
};

/** The page's two forms: `intent=sign-out` ends the session; otherwise the display name changes. */
export const action = async ({ event }: PageServerAction) => {
  const form = await readForm(event);
  if (form['intent'] === 'sign-out') {
    endSession(event);
    return redirect('/sign-in', 303);
  }
  return accountFormAction(event, '/account', form, z.object({ name: displayName }), async ({ name }) => {
    const account = await renameAccount((await requireUser(event)).id, name);
    return isBrowserFormPost(event) ? redirect('/account', 303) : json(account);
  });
};
