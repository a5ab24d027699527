import { JSDOM } from 'jsdom';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

import { root } from '../../../e2e/support/build';

const baseUrl = inject('baseUrl');
const publicDir = join(root, 'dist/analog/public');
const read = (file: string) => readFileSync(join(publicDir, file));

describe('npm run build: prerendered output', () => {
  it('writes the prerendered /routes page', () => {
    expect(read('routes/index.html').toString()).toContain('Route catalogue');
  });

  it('does not prerender the cookie pages / and /cookies', () => {
    expect(existsSync(join(publicDir, 'index.html'))).toBe(false);
    expect(existsSync(join(publicDir, 'cookies'))).toBe(false);
  });

  it('ships every file of the client build but its index.html', () => {
    const clientDir = join(root, 'dist/client');
    const files = readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file !== 'index.html' && statSync(join(clientDir, file)).isFile(),
    );
    expect(files).toContain('favicon.svg');
    for (const file of files) expect(existsSync(join(publicDir, file)), file).toBe(true);
  });

  it('ships every component compiled ahead of time, none with its decorator left for a JIT compiler', () => {
    const chunks = readdirSync(join(publicDir, 'assets')).filter((file) => file.endsWith('.js'));
    const uncompiled = chunks.filter((file) => /\bselector:\s*[`'"]/.test(read(`assets/${file}`).toString()));
    expect(chunks.length).toBeGreaterThan(0);
    expect(uncompiled).toEqual([]);
  });

  it('serves GET / through SSR and its loader, not a static index.html', async () => {
    const response = await fetch(`${baseUrl}/`);
    expect(response.headers.get('set-cookie')).toContain('products=loaded');
    expect(await response.text()).toContain('ng-server-context="ssr-analog"');
  });
});

describe('npm run build: sitemap.xml', () => {
  const sitemap = () => read('sitemap.xml').toString();

  it('lists the prerendered pages with absolute URLs on SITE_URL', () => {
    const locations = [...sitemap().matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
    expect(locations).toEqual(['http://localhost:3000/routes']);
  });

  it('lists no API route', () => {
    expect(sitemap()).not.toContain('/api/');
  });

  it('declares the sitemap protocol namespace (http:, as sitemaps.org defines it)', () => {
    expect(sitemap()).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  });
});

describe('ANY /api/rss.xml', () => {
  it('is prerendered byte for byte as the route serves it, as text/xml', async () => {
    const response = await fetch(`${baseUrl}/api/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/xml');
    const served = Buffer.from(await response.arrayBuffer());
    expect(served.equals(read('api/rss.xml'))).toBe(true);
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

describe('npm start: static files', () => {
  const clientEntry = async () => {
    const html = await (await fetch(`${baseUrl}/routes`)).text();
    const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    return entry as string;
  };

  it('lets browsers keep hashed client assets for a year without asking again', async () => {
    const response = await fetch(`${baseUrl}${await clientEntry()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('sends the brotli or gzip copy that the browser accepts, byte for byte the same file', async () => {
    const path = await clientEntry();
    const file = read(path.slice(1));
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
    }
  });

  it('keeps prerendered HTML revalidated: an ETag, no immutable caching, and 304 for a matching If-None-Match', async () => {
    const first = await fetch(`${baseUrl}/routes`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control') ?? '').not.toContain('immutable');
    const again = await fetch(`${baseUrl}/routes`, { headers: { 'if-none-match': etag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await fetch(`${baseUrl}/routes`, { headers: { 'if-none-match': '"stale"' } });
    expect(changed.status).toBe(200);
  });

  it('keeps the feed text/xml in its compressed copies', async () => {
    const response = await fetch(`${baseUrl}/api/rss.xml`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/xml');
  });

  it('answers an unknown file under /assets with a 404 that no one caches, not with a page', async () => {
    const response = await fetch(`${baseUrl}/assets/missing-0000.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect(response.headers.get('content-type')).toContain('application/json');
  });
});
