import { describe, expect, it } from 'vitest';

import { safeRedirectPath } from './redirects';

describe('safeRedirectPath', () => {
  it.each(['/account', '/account?tab=name', '/products/1#top'])('keeps the same-site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil.example/account',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'account',
    '',
    undefined,
    ['/account'],
  ])('sends %j to /', (next) => {
    expect(safeRedirectPath(next)).toBe('/');
  });
});
