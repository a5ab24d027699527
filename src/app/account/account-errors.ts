import type { ParamMap } from '@angular/router';

import type { FieldErrors } from '../../shared/issues';
import { accountMessage } from '../../shared/account-messages';

/**
 * The errors a refused plain form post brought back in the URL, `?error.<field>=<code>`, as the
 * messages of those codes (src/shared/account-messages.ts). A parameter that is no known code shows
 * nothing: the page never displays text taken from its address.
 */
export function accountQueryErrors(query: ParamMap): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of query.keys) {
    const message = key.startsWith('error.') ? accountMessage(query.get(key) ?? '') : undefined;
    if (message) errors[key.slice('error.'.length)] = message;
  }
  return errors;
}
