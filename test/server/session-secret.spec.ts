import { describe, expect, it } from 'vitest';

import { exitOfProductionServer } from '../support/server';

describe('SESSION_SECRET in production', () => {
  it.each([
    ['missing', ''],
    ['31 characters', 'x'.repeat(31)],
  ])('refuses to start when it is %s, saying so in one line', async (_case, secret) => {
    const { code, output } = await exitOfProductionServer({ SESSION_SECRET: secret });
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      '[sessions] SESSION_SECRET must be set to at least 32 characters in production',
    ]);
  });
});
