import { type FieldErrors, fieldErrors } from '../../shared/issues';
import { ApiError, ApiValidationError, fromHttpError } from './api-error';

/**
 * What a failed request means for a form, from `HttpClient`'s `HttpErrorResponse` or an
 * `ApiError`: a 422's issues become field errors (the field names the server uses too, see
 * `issueField`); any other failure becomes one visible `form` message, so a 500 or a dropped
 * connection never fails silently.
 */
export function formErrors(error: unknown): FieldErrors {
  const failure = fromHttpError(error);
  if (failure instanceof ApiValidationError) return fieldErrors(failure.issues);
  return { form: failureMessage(failure) };
}

/** One sentence for a failure that is not the user's input. */
export function failureMessage(error: unknown): string {
  const failure = fromHttpError(error);
  const status = failure instanceof ApiError ? failure.status : 0;
  return status === 0
    ? 'Could not reach the server. Check your connection and try again.'
    : `Something went wrong on our side (HTTP ${status}). Please try again.`;
}
