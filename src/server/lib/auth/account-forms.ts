import type { StandardSchemaV1 } from '@standard-schema/spec';
import { fail, redirect } from '#server-actions';
import { type H3Event, isError, readFormData } from 'h3';

import { issueField } from '../../../shared/issues';
import { appOrigin, capBody, isBrowserFormPost, refuseCrossSiteForm } from '../../../modules/request';
import { type AccountMessageCode, accountMessageCode } from '../../../shared/account-messages';
import { safeRedirectPath } from './redirects';

/** The largest form an account page reads: its fields are a few short strings. */
const maxFormBytes = 64 * 1024;

/**
 * A form's fields by name; a repeated name keeps its last value, a file stays a `File`. A form
 * posted from another site is refused with 403 before it is read, one over 64 KiB with 413.
 */
export async function readForm(event: H3Event): Promise<Record<string, FormDataEntryValue>> {
  refuseCrossSiteForm(event);
  // Read first, under the cap: h3 keeps the bytes, and its form parser reads them from there.
  await capBody(event, maxFormBytes);
  return Object.fromEntries(await readFormData(event).catch(() => new FormData()));
}

/** A form issue, with the code of its message (messages.ts) when its text alone doesn't say it. */
type CodedIssue = StandardSchemaV1.Issue & { messageCode?: AccountMessageCode };

/** What a page form shows for a refused attempt: the error's own message, over the whole form. */
function refusal(error: unknown): { status: number; issues: CodedIssue[] } {
  if (isError(error) && [401, 403, 409, 429].includes(error.statusCode)) {
    // A 429's message names its seconds; the code's text says the same without them.
    const messageCode = error.statusCode === 429 ? 'too-many-attempts' : accountMessageCode(error.message);
    return { status: error.statusCode, issues: [{ message: error.message, messageCode }] };
  }
  throw error;
}

/** `?error.<field>=<code>` for each issue: the page shows the code's message, never text from the URL. */
function errorCodeQuery(issues: readonly CodedIssue[]): URLSearchParams {
  const query = new URLSearchParams();
  for (const issue of issues) {
    query.append(`error.${issueField(issue)}`, issue.messageCode ?? accountMessageCode(issue.message));
  }
  return query;
}

/**
 * A page's form action for the account forms: validates `form` with `schema`, then `run`s it.
 * A refusal (invalid input 422, wrong credentials 401, wrong current password 403, taken email
 * 409, rate limit 429) goes back to the hydrated form as `fail(status, issues)`, or to a plain
 * form post (JavaScript off) as 303 to `page` with the messages' codes and the form's `next` in
 * the query.
 */
export async function accountFormAction<S extends StandardSchemaV1>(
  event: H3Event,
  page: string,
  form: Record<string, FormDataEntryValue>,
  schema: S,
  run: (value: StandardSchemaV1.InferOutput<S>) => Promise<Response>,
): Promise<Response> {
  const result = await schema['~standard'].validate(form);
  const outcome = result.issues
    ? { status: 422, issues: [...result.issues] }
    : await run(result.value).catch(refusal);
  if (outcome instanceof Response) return outcome;
  if (!isBrowserFormPost(event)) return fail(outcome.status, outcome.issues);
  const query = errorCodeQuery(outcome.issues);
  if (typeof form['next'] === 'string') query.set('next', form['next']);
  return redirect(`${page}?${query}`, 303);
}

/** 303 to the form's `next` when it resolves to a path on this site (`safeRedirectPath`), else to `/`. */
export function redirectToNext(event: H3Event, next: FormDataEntryValue | undefined): Response {
  return redirect(safeRedirectPath(next, appOrigin(event)), 303);
}
