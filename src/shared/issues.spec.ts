import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { fieldErrors, issueField, issuesToFieldErrors } from './issues';

describe('fieldErrors', () => {
  it('keeps the first message per field, with nested paths joined by dots', () => {
    const schema = z.object({
      email: z.email('Enter a valid email address').min(10, 'Too short'),
      address: z.object({ city: z.string().min(1, 'Enter a city') }),
    });
    const issues = schema['~standard'].validate({ email: 'x', address: { city: '' } });
    if (issues instanceof Promise || !issues.issues) throw new Error('expected sync issues');
    expect(fieldErrors(issues.issues)).toEqual({
      email: 'Enter a valid email address',
      'address.city': 'Enter a city',
    });
  });

  it('reads path segments wrapped as { key }, as some Standard Schema libraries send them', () => {
    expect(issueField({ message: 'm', path: [{ key: 'tags' }, { key: 0 }] })).toBe('tags.0');
  });

  it('files an issue without a path under "form"', () => {
    expect(fieldErrors([{ message: 'Bad input' }, { message: 'Ignored', path: [] }])).toEqual({
      form: 'Bad input',
    });
  });
});

describe('issuesToFieldErrors', () => {
  it('reads a 422 body of issues, and does not mistake any other body for field errors', () => {
    expect(issuesToFieldErrors([{ message: 'Enter your name', path: ['name'] }])).toEqual({
      name: 'Enter your name',
    });
    expect(issuesToFieldErrors({ message: 'no' })).toEqual({ form: 'The server rejected the form.' });
  });
});
