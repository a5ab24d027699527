import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';

import type { Product } from './products';
import { escapeXml, productFeed } from './rss';

const parse = (xml: string) => new JSDOM(xml, { contentType: 'text/xml' }).window.document;

describe('escapeXml', () => {
  it('turns the five markup characters into entities', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;',
    );
  });

  it('replaces characters XML 1.0 cannot hold, and keeps tabs, line breaks and emoji', () => {
    expect(escapeXml('bell\u0007 nul\u0000 lone\uD800 end\uFFFF')).toBe(
      'bell\uFFFD nul\uFFFD lone\uFFFD end\uFFFD',
    );
    expect(escapeXml('tab\tline\r\nrocket 🚀')).toBe('tab\tline\r\nrocket 🚀');
  });
});

describe('productFeed', () => {
  const hostile: Product = {
    id: 9,
    name: '</title><script>alert(1)</script>',
    description: 'Control \u0001 character & ]]> "quotes"',
    price: 1,
  };

  it('stays well-formed whatever a product contains, and reads back as the same text', () => {
    const document = parse(productFeed([hostile], 'https://shop.example'));
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    const [item] = [...document.getElementsByTagName('item')];
    expect(item.getElementsByTagName('title')[0].textContent).toBe(hostile.name);
    expect(item.getElementsByTagName('description')[0].textContent).toBe(
      'Control \uFFFD character & ]]> "quotes"',
    );
    expect(item.getElementsByTagName('script')).toHaveLength(0);
  });

  it('links the channel and each item under the site URL', () => {
    const document = parse(productFeed([hostile], 'https://shop.example/store'));
    const links = [...document.getElementsByTagName('link')].map((link) => link.textContent);
    expect(links).toEqual(['https://shop.example/store/', 'https://shop.example/store/#product-9']);
  });
});
