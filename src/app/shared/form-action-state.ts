import { type Signal, computed, signal } from '@angular/core';
import type { ParamMap } from '@angular/router';

import { type FieldErrors, issuesToFieldErrors } from '../../shared/issues';

/**
 * The state of a form posted to its page's server action through `FormAction`: whether it is
 * sending, and its field errors, from the last hydrated submit or else from a plain form post's
 * redirect back to the page (`query`). `failure` is shown when a submit fails without issues
 * (a 500, no network), which `FormAction` reports only as a bare `'error'`. `fromQuery` reads
 * the query's errors: codes looked up in the page's own list, never text from the address.
 */
export function formActionState(
  query: Signal<ParamMap>,
  failure: string,
  fromQuery: (query: ParamMap) => FieldErrors,
) {
  const sending = signal(false);
  const submitted = signal<FieldErrors | undefined>(undefined);
  return {
    sending: sending.asReadonly(),
    errors: computed(() => submitted() ?? fromQuery(query())),
    /** `(onError)`: the body of a failure marked `X-Analog-Errors`, here a 422's issues. */
    showIssues: (issues: unknown) => submitted.set(issuesToFieldErrors(issues)),
    /** `(state)`: what Analog's `FormAction` emits. */
    track: (state: 'submitting' | 'error' | 'redirect' | 'success' | 'navigate') => {
      sending.set(state === 'submitting');
      if (state === 'submitting') submitted.set(undefined);
      if (state === 'error' && !submitted()) submitted.set({ form: failure });
    },
  };
}
