// Angular's packages ship partially compiled; the JIT compiler finishes them outside an Angular build.
import '@angular/compiler';
import { convertToParamMap } from '@angular/router';
import { describe, expect, it } from 'vitest';

import { queryErrorMessages } from './query-messages';

const messages = { 'email-invalid': 'Enter a valid email address', invalid: 'Check this field' };

describe('queryErrorMessages', () => {
  it("shows each field's code as the page's own message", () => {
    const query = convertToParamMap({ 'error.email': 'email-invalid', 'error.name': 'invalid', sent: '1' });
    expect(queryErrorMessages(query, messages)).toEqual({
      email: 'Enter a valid email address',
      name: 'Check this field',
    });
  });

  it('shows nothing for text that is not a code, nor for an inherited key', () => {
    const query = convertToParamMap({
      'error.form': 'Your account is suspended',
      'error.email': 'Enter a valid email address',
      'error.name': 'toString',
      'error.message': '__proto__',
    });
    expect(queryErrorMessages(query, messages)).toEqual({});
  });
});
