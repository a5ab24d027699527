import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('security headers on every response', () => {
  it.each([
    ['an SSR page', 'GET', '/'],
    ['a prerendered page', 'GET', '/routes'],
    ['a prerendered feed', 'GET', '/api/rss.xml'],
    ['a static file', 'GET', '/favicon.svg'],
    ['an API route', 'GET', '/api/v1/hello'],
    ['a validated route', 'PUT', '/api/v1/users/0'],
    ['an API error', 'GET', '/api/v1/items/abc'],
    ['the catch-all', 'DELETE', '/api/v1/products'],
  ])('sets nosniff, a referrer policy and frame protection on %s', async (_kind, method, path) => {
    const response = await fetch(`${baseUrl}${path}`, { method });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toMatch(
      /^(strict-origin-when-cross-origin|no-referrer)$/,
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
