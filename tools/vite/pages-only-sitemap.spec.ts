import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';

import { sitemapXml } from './pages-only-sitemap';

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);

describe('sitemapXml', () => {
  it('lists each path as an absolute URL on the host, in order', () => {
    expect(locations(sitemapXml('https://shop.example/', ['/products/1', '/routes']))).toEqual([
      'https://shop.example/products/1',
      'https://shop.example/routes',
    ]);
  });

  it('works when the site lives below a path', () => {
    expect(locations(sitemapXml('https://example.com/shop', ['/routes']))).toEqual([
      'https://example.com/shop/routes',
    ]);
  });

  it('is well-formed XML in the sitemap protocol namespace (http:), with & escaped', () => {
    const xml = sitemapXml('https://shop.example', ['/search?q=a&b=<c>']);
    const document = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(document.getElementsByTagName('loc')[0].textContent).toBe('https://shop.example/search?q=a&b=<c>');
  });
});
