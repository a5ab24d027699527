import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

import { root } from '../support/build';

const baseUrl = inject('baseUrl');
const publicDir = join(root, 'dist/analog/public');
const read = (file: string) => readFileSync(join(publicDir, file));

describe('npm run build: prerendered output', () => {
  it('writes the prerendered /routes page', () => {
    expect(read('routes/index.html').toString()).toContain('Route catalogue');
  });

  it('prerenders a page per product from the product list, each with its loader data', async () => {
    const products = (await (await fetch(`${baseUrl}/api/v1/products`)).json()) as {
      id: number;
      name: string;
    }[];
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const { id, name } of products) {
      expect(read(`products/${id}/index.html`).toString()).toContain(`<h1>${name}</h1>`);
    }
  });

  it('prerenders the Open Graph image of every product as a 1200×630 PNG', async () => {
    const products = (await (await fetch(`${baseUrl}/api/v1/products`)).json()) as { id: number }[];
    for (const { id } of products) {
      const png = read(`api/v1/products/${id}/og.png`);
      expect(png.subarray(0, 8).toString('hex'), String(id)).toBe('89504e470d0a1a0a');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    }
  });

  it("writes the server's own chunks in Latin-1, which V8 holds in one byte a character", () => {
    const chunksDir = join(root, 'dist/analog/server/chunks');
    const chunks = readdirSync(chunksDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.mjs'),
    );
    expect(chunks).toContain('nitro/nitro.mjs');
    for (const chunk of chunks) {
      expect(readFileSync(join(chunksDir, chunk), 'utf8'), chunk).not.toMatch(/[^\x00-\xff]/);
    }
  });

  it('bundles the Open Graph fonts into the server build, so it runs without node_modules/@fontsource', () => {
    const serverDir = join(root, 'dist/analog/server');
    for (const font of ['inter-latin-400-normal', 'inter-latin-700-normal']) {
      expect(existsSync(join(serverDir, `chunks/raw/${font}.mjs`)), font).toBe(true);
    }
    expect(existsSync(join(serverDir, 'node_modules/@fontsource'))).toBe(false);
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
    expect(locations).toEqual([
      'http://localhost:3000/products/1',
      'http://localhost:3000/products/2',
      'http://localhost:3000/products/3',
      'http://localhost:3000/products/4',
      'http://localhost:3000/routes',
    ]);
  });

  it('is served by npm start as XML, byte for byte the static file', async () => {
    const response = await fetch(`${baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml|^text\/xml/);
    expect(Buffer.from(await response.arrayBuffer()).equals(read('sitemap.xml'))).toBe(true);
  });

  it('lists no API route', () => {
    expect(sitemap()).not.toContain('/api/');
  });

  it('declares the sitemap protocol namespace (http:, as sitemaps.org defines it)', () => {
    expect(sitemap()).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
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
