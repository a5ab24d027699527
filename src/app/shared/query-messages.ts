import type { ParamMap } from '@angular/router';

import type { FieldErrors } from '../../shared/issues';

/**
 * The field errors a plain form post brought back in the URL, `?error.<field>=<code>`, each shown
 * as the page's own message for that code (the server writes them with `errorCodeQuery`). A link
 * can pick among the page's messages but never write one: a code the list lacks shows nothing.
 */
export function queryErrorMessages(query: ParamMap, messages: Readonly<Record<string, string>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of query.keys) {
    const code = query.get(key) ?? '';
    if (key.startsWith('error.') && Object.hasOwn(messages, code)) {
      errors[key.slice('error.'.length)] = messages[code];
    }
  }
  return errors;
}
