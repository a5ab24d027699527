// Angular's packages ship partially compiled; the JIT compiler finishes them outside an Angular build.
import '@angular/compiler';
import { HttpErrorResponse } from '@angular/common/http';
import { describe, expect, it } from 'vitest';

import { toApiError } from './api-error';
import { failureMessage, formErrors } from './form-errors';

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

  it("reads HttpClient's HttpErrorResponse as the typed client's error", () => {
    const issues = [{ message: 'Enter a title', path: ['title'] }];
    expect(formErrors(new HttpErrorResponse({ status: 422, error: issues }))).toEqual({
      title: 'Enter a title',
    });
    expect(failureMessage(new HttpErrorResponse({ status: 503, error: null }))).toBe(
      'Something went wrong on our side (HTTP 503). Please try again.',
    );
    expect(
      failureMessage(new HttpErrorResponse({ status: 0, error: new TypeError('Failed to fetch') })),
    ).toMatch(/^Could not reach the server/);
  });
});
