import { JSDOM } from 'jsdom';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

import { root } from '../support/build';

const baseUrl = inject('baseUrl');
const prerendered = () => readFileSync(join(root, 'dist/analog/public/api/rss.xml'));

describe('ANY /api/rss.xml', () => {
  it('is prerendered byte for byte as the route serves it, as text/xml', async () => {
    const response = await fetch(`${baseUrl}/api/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/xml');
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.equals(prerendered())).toBe(true);
  });

  it('is well-formed RSS 2.0 with one escaped item per product', async () => {
    const xml = await (await fetch(`${baseUrl}/api/rss.xml`)).text();
    const document = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.getAttribute('version')).toBe('2.0');
    const products = (await (await fetch(`${baseUrl}/api/v1/products`)).json()) as {
      name: string;
      description: string;
    }[];
    const items = [...document.getElementsByTagName('item')];
    expect(items).toHaveLength(products.length);
    expect(items.map((item) => item.getElementsByTagName('description')[0].textContent)).toEqual(
      products.map((product) => product.description),
    );
    expect(xml).toContain('&lt;h3&gt;, Vite, Nitro, &quot;Analog&quot;, &apos;Angular&apos;');
  });

  it('links each item to that product on the server-rendered home page', async () => {
    const xml = await (await fetch(`${baseUrl}/api/rss.xml`)).text();
    const links = [...xml.matchAll(/<link>http:\/\/localhost:3000\/#(product-\d+)<\/link>/g)].map(
      ([, id]) => id,
    );
    expect(links.length).toBeGreaterThanOrEqual(3);
    const home = await (await fetch(`${baseUrl}/`)).text();
    for (const id of links) expect(home).toContain(`id="${id}"`);
  });
});
