import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

import { root } from '../support/build';
import { rawRequest } from '../support/raw-request';

const baseUrl = inject('baseUrl');
/** `SITE_URL` of the build the specs serve: unset, so the default. */
const siteUrl = 'http://localhost:3000';

/** The `content` of the page's `<meta property|name="…">`, as a crawler reads it. */
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

/** The og:image URL the product page links: absolute on SITE_URL, with `?v=`. */
async function linkedImage(id: number) {
  const html = await (await fetch(`${baseUrl}/products/${id}`)).text();
  const url = new URL(metaContent(html, 'og:image') ?? '');
  return { path: `${url.pathname}${url.search}`, version: url.searchParams.get('v') ?? '' };
}

/** Width and height from the PNG's IHDR chunk, after checking the PNG signature. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('GET /api/v1/products/:id/og.png', () => {
  it('answers the 1200×630 PNG the product page links, immutable under its ?v=', async () => {
    const { path, version } = await linkedImage(1);
    expect(path).toBe(`/api/v1/products/1/og.png?v=${version}`);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it('lets no cache keep the unversioned URL or an outdated ?v= without asking', async () => {
    for (const path of ['/api/v1/products/2/og.png', '/api/v1/products/2/og.png?v=0000000000000000']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('public, no-cache');
    }
  });

  it('answers If-None-Match with the current ETag with 304 and no body, and another with 200', async () => {
    const { path } = await linkedImage(3);
    const etag = (await fetch(`${baseUrl}${path}`)).headers.get('etag') ?? '';
    const again = await fetch(`${baseUrl}${path}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await again.text()).toBe('');
    const stale = await fetch(`${baseUrl}${path}`, { headers: { 'if-none-match': '"og-stale"' } });
    expect(stale.status).toBe(200);
  });

  it('renders at run time the bytes the build prerendered, with an ETag of the version', async () => {
    // The static layer holds exactly /api/v1/products/4/og.png; `04` is the same product, so the
    // route itself answers: what a product the build didn't prerender gets.
    const { version } = await linkedImage(4);
    const response = await fetch(`${baseUrl}/api/v1/products/04/og.png?v=${version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('etag')).toBe(`"og-${version}"`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const prerendered = readFileSync(join(root, 'dist/analog/public/api/v1/products/4/og.png'));
    expect(Buffer.from(await response.arrayBuffer()).equals(prerendered)).toBe(true);
    const again = await fetch(`${baseUrl}/api/v1/products/04/og.png`, {
      headers: { 'if-none-match': `"og-${version}"` },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, no-cache');
  });

  it('answers each product with its own picture', async () => {
    const versions = await Promise.all([1, 2, 3, 4].map(async (id) => (await linkedImage(id)).version));
    expect(new Set(versions).size).toBe(4);
  });

  it('answers an unknown product with a JSON 404 that no cache keeps for a year', async () => {
    const response = await fetch(`${baseUrl}/api/v1/products/999/og.png?v=0000000000000000`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect(await response.json()).toMatchObject({ statusCode: 404, statusMessage: 'Product 999 not found' });
  });

  it('rejects an id that is not a positive integer with 422 and the issues', async () => {
    for (const id of ['abc', '0', '-1', '1.5']) {
      const response = await fetch(`${baseUrl}/api/v1/products/${id}/og.png`);
      expect(response.status, id).toBe(422);
      expect(response.headers.get('x-analog-errors')).toBe('true');
      const issues = (await response.json()) as { path: string[] }[];
      expect(issues[0].path).toEqual(['id']);
    }
  });
});

describe('PAGE /products/:id: link-preview meta', () => {
  it('carries og:title, og:image and twitter:card in the HTML the server sends', async () => {
    const html = await (await fetch(`${baseUrl}/products/2`)).text();
    expect(metaContent(html, 'og:title')).toBe('Angular Mug');
    expect(metaContent(html, 'og:image')).toMatch(
      new RegExp(`^${siteUrl}/api/v1/products/2/og\\.png\\?v=[0-9a-f]{16}$`),
    );
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  });

  it('builds the image URL from SITE_URL, never from the Host the request names', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const { body: html } = await rawRequest(baseUrl, { path: '/products/2', headers });
    expect(metaContent(html, 'og:image')).toMatch(new RegExp(`^${siteUrl}/`));
    expect(html).not.toContain('evil.example');
  });

  it('sends no preview tags on the page of an unknown product', async () => {
    const html = await (await fetch(`${baseUrl}/products/999`)).text();
    expect(metaContent(html, 'og:image')).toBeUndefined();
    expect(metaContent(html, 'twitter:card')).toBeUndefined();
  });
});
