import { type FieldErrors, type IssueLike, fieldErrors } from '../../shared/issues';
import { ApiError, ApiValidationError } from './api-client';

export type { FieldErrors };

/**
 * What a failed request means for a form: a 422's issues become field errors (the field
 * names the server uses too, see `issueField`); any other failure becomes one visible `form`
 * message, so a 500 or a dropped connection never fails silently.
 */
export function formErrors(error: unknown): FieldErrors {
  if (error instanceof ApiValidationError) return fieldErrors(error.issues);
  return { form: failureMessage(error) };
}

/** A 422 body's issues as field errors; a body that is no issues array becomes one `form` message. */
export function issuesToFieldErrors(body: unknown): FieldErrors {
  return Array.isArray(body) ? fieldErrors(body as IssueLike[]) : { form: 'The server rejected the form.' };
}

/** One sentence for a failure that is not the user's input. */
export function failureMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  return status === 0
    ? 'Could not reach the server. Check your connection and try again.'
    : `Something went wrong on our side (HTTP ${status}). Please try again.`;
}
