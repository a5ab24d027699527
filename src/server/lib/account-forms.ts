import type { StandardSchemaV1 } from '@standard-schema/spec';
import { fail, redirect } from '#server-actions';
import { type H3Event, isError, readFormData } from 'h3';

import { errorQuery, isBrowserFormPost } from './forms';

/** A form's fields by name; a repeated name keeps its last value, a file stays a `File`. */
export async function readForm(event: H3Event): Promise<Record<string, FormDataEntryValue>> {
  return Object.fromEntries(await readFormData(event).catch(() => new FormData()));
}

/** What a page form shows for a refused attempt: the error's own message, over the whole form. */
function refusal(error: unknown): { status: number; issues: StandardSchemaV1.Issue[] } {
  if (isError(error) && [401, 409, 429].includes(error.statusCode)) {
    return { status: error.statusCode, issues: [{ message: error.message }] };
  }
  throw error;
}

/**
 * A page's form action for the account forms: validates `form` with `schema`, then `run`s it.
 * A refusal (invalid input 422, wrong credentials 401, taken email 409, rate limit 429) goes
 * back to the hydrated form as `fail(status, issues)`, or to a plain form post (JavaScript off)
 * as 303 to `page` with the messages and the form's `next` in the query.
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
  const query = errorQuery(outcome.issues);
  if (typeof form['next'] === 'string') query.set('next', form['next']);
  return redirect(`${page}?${query}`, 303);
}
