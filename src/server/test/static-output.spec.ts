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
