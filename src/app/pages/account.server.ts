import type { PageServerLoad } from '@analogjs/router';
import { type PageServerAction, json, redirect } from '#server-actions';
import { setResponseHeader } from 'h3';
import { FetchError } from 'ofetch';
import { z } from 'zod';

import { changePassword, passwordChangeInput, renameAccount } from '../../server/lib/account';
import {
  type Account,
  accountFormAction,
  currentSession,
  displayName,
  endAllSessions,
  endSession,
  readForm,
  requireSession,
  requireUser,
} from '../../server/lib/auth';
import { isBrowserFormPost } from '../../modules/request';

/** Where a visitor without a session goes: sign-in, and back here afterwards. */
const signIn = '/sign-in?next=%2Faccount';

/**
 * Reads `GET /api/v1/me` through the request's own `$fetch`, which forwards its cookie. Without
 * a session the answer is `redirect`, which the page follows: 302 on the server, a navigation in
 * the browser. The answer is this user's alone: no cache may keep it.
 */
export const load = async ({ event }: PageServerLoad) => {
  setResponseHeader(event, 'cache-control', 'private, no-store');
  try {
    return { account: await event.$fetch<Account>('/api/v1/me'), redirect: null };
  } catch (error) {
    if (error instanceof FetchError && error.status === 401) return { account: null, redirect: signIn };
    throw error;
  }
};

/**
 * The page's forms, by `intent`: `sign-out` ends this session, `sign-out-everywhere` every
 * session of the account, `change-password` checks the current password, ends every
 * session and signs this browser in again; without one, the display name changes.
 */
export const action = async ({ event }: PageServerAction) => {
  const form = await readForm(event);
  const browser = isBrowserFormPost(event);
  if (form['intent'] === 'sign-out') {
    await endSession(event);
    return redirect('/sign-in', 303);
  }
  if (form['intent'] === 'sign-out-everywhere') {
    const session = await currentSession(event);
    if (session) await endAllSessions(event, session.account.id);
    return redirect('/sign-in', 303);
  }
  if (form['intent'] === 'change-password') {
    return accountFormAction(event, '/account', form, passwordChangeInput, async (input) => {
      await changePassword(event, await requireSession(event), input);
      return browser ? redirect('/account?changed=password', 303) : json({ changed: 'password' });
    });
  }
  return accountFormAction(event, '/account', form, z.object({ name: displayName }), async ({ name }) => {
    const account = await renameAccount((await requireUser(event)).id, name);
    return browser ? redirect('/account', 303) : json(account);
  });
};
