// Angular's packages ship partially compiled; the JIT compiler finishes them outside an Angular build.
import '@angular/compiler';
import { describe, expect, it } from 'vitest';

import { toApiError } from './api-client';
import { formErrors, issuesToFieldErrors } from './form-errors';

/** What the typed client rejects with for an error status (0: no answer at all). */
const failure = (status: number, body: unknown) => toApiError(status, body);

describe('formErrors', () => {
  it("reads a 422's issues into the first message per field", () => {
    const issues = [
      { message: 'Enter your name', path: ['name'] },
      { message: 'Enter a valid email address', path: [{ key: 'email' }] },
      { message: 'Second email message', path: ['email'] },
    ];
    expect(formErrors(failure(422, issues))).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid email address',
    });
  });

  it('turns a 500 into one visible form message naming the status', () => {
    expect(formErrors(failure(500, 'Internal Server Error'))).toEqual({
      form: 'Something went wrong on our side (HTTP 500). Please try again.',
    });
  });

  it('turns a request that never got an answer into a connection message', () => {
    expect(formErrors(failure(0, null))['form']).toMatch(/^Could not reach the server/);
    expect(formErrors(new TypeError('Failed to fetch'))['form']).toMatch(/^Could not reach the server/);
  });

  it('does not mistake a 422 without an issues array for field errors', () => {
    expect(issuesToFieldErrors({ message: 'no' })).toEqual({ form: 'The server rejected the form.' });
  });
});
