import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';

import type { Product } from '../../../shared/products';
import { productFeed } from './rss';

const parse = (xml: string) => new JSDOM(xml, { contentType: 'text/xml' }).window.document;

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
