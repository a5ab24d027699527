import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { safeRedirectPath } from './redirects';

const origin = 'https://app.example';

/** What a browser does with `Location: <path>` on a page of `origin`: the origin it ends up on. */
const landsOn = (path: string) => new URL(path, `${origin}/sign-in`).origin;

describe('safeRedirectPath', () => {
  it.each(['/account', '/account?tab=name', '/products/1#top', '/a/./b/../c'])(
    'keeps the same-site path %s, normalised',
    (path) => {
      expect(safeRedirectPath(path, origin)).toBe(
        new URL(path, origin).pathname + new URL(path, origin).search + new URL(path, origin).hash,
      );
    },
  );

  it.each([
    [`${origin}/account?tab=1`, '/account?tab=1'],
    ['account', '/account'],
    ['https:evil.example', '/evil.example'],
  ])('resolves %j on the app origin to its path %j', (next, path) => {
    expect(safeRedirectPath(next, origin)).toBe(path);
  });

  it.each([
    '//evil.example',
    '//evil.example/account',
    '/\\evil.example',
    '/\\/evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/a/..//evil.example',
    '/./../..//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'http://app.example.evil.example/',
    'javascript:alert(1)',
    'data:text/html,hi',
    '',
    undefined,
    ['/account'],
  ])('sends %j to /', (next) => {
    expect(safeRedirectPath(next, origin)).toBe('/');
  });

  it('never answers a path a browser would follow to another origin (property)', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '\t',
      'evil.example',
      ':',
      '@',
      '?',
      '#',
      'https:',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.string(), (pieces, tail) => {
        const path = safeRedirectPath(`${pieces.join('')}${tail}`, origin);
        expect(path).toMatch(/^\/(?![/\\])/);
        expect(landsOn(path)).toBe(origin);
      }),
      { numRuns: 5_000 },
    );
  });
});
