import { describe, expect, it } from 'vitest';

import { maxKeyLength, parseIdempotencyKey } from './key';

const statusOf = (header: string | undefined) => {
  try {
    return parseIdempotencyKey(header);
  } catch (error) {
    return (error as { statusCode: number }).statusCode;
  }
};

describe('parseIdempotencyKey', () => {
  it('reads a Structured Field string, unescaping \\" and \\\\', () => {
    expect(statusOf('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(statusOf(' "a \\"quoted\\" \\\\ key" ')).toBe('a "quoted" \\ key');
    expect(statusOf(`"${'k'.repeat(maxKeyLength)}"`)).toBe('k'.repeat(maxKeyLength));
  });

  it('answers undefined without the header', () => {
    expect(statusOf(undefined)).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['an empty string', '""'],
    ['unquoted', '8e03978e-40d5-43e8-bc93-6894a57f9324'],
    ['too long', `"${'k'.repeat(maxKeyLength + 1)}"`],
    ['two keys', '"a", "b"'],
    ['a bad escape', '"a\\n"'],
    ['a bare quote inside', '"a"b"'],
    ['non-ASCII', '"clé"'],
    ['a control character', '"a\tb"'],
  ])('refuses a key %s with 400', (_name, header) => {
    expect(statusOf(header)).toBe(400);
  });
});
