import { describe, expect, it } from 'vitest';

import { parseAdminEmails } from './admin-emails';

describe('parseAdminEmails', () => {
  it('normalises each entry like an account email, and skips empty ones', () => {
    expect([...parseAdminEmails(' Ada@Example.COM ,, grace@example.com,')]).toEqual([
      'ada@example.com',
      'grace@example.com',
    ]);
  });

  it('is empty when unset: no account is an admin', () => {
    expect(parseAdminEmails('').size).toBe(0);
    expect(parseAdminEmails(undefined).size).toBe(0);
  });

  it('throws, naming the entry, for one that is not an email', () => {
    expect(() => parseAdminEmails('ada@example.com; grace@example.com')).toThrow(
      'ADMIN_EMAILS: "ada@example.com; grace@example.com" is not an email',
    );
  });
});
