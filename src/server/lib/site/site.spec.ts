import { describe, expect, it } from 'vitest';

import { defaultSiteUrl, siteUrl } from './site';

describe('siteUrl', () => {
  it('defaults to where npm start listens', () => {
    expect(siteUrl({})).toBe(defaultSiteUrl);
    expect(siteUrl({ SITE_URL: '' })).toBe(defaultSiteUrl);
  });

  it('drops the trailing slash, so links join with one', () => {
    expect(siteUrl({ SITE_URL: 'https://shop.example/' })).toBe('https://shop.example');
    expect(siteUrl({ SITE_URL: 'https://shop.example/store/' })).toBe('https://shop.example/store');
  });

  it('refuses anything but an absolute http(s) URL', () => {
    expect(() => siteUrl({ SITE_URL: 'shop.example' })).toThrow(/SITE_URL must be an absolute http\(s\) URL/);
    expect(() => siteUrl({ SITE_URL: 'javascript:alert(1)' })).toThrow(/SITE_URL/);
  });
});
