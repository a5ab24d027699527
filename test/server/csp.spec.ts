import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

import { root } from '../support/build';
import { rawRequest } from '../support/raw-request';

const baseUrl = inject('baseUrl');

const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

async function page(path: string) {
  const response = await rawRequest(baseUrl, { path });
  return { html: response.body, policy: String(response.headers['content-security-policy']) };
}

describe('nonces on a server-rendered page', () => {
  it('differ between two requests for one page', async () => {
    const [first, second] = await Promise.all([page('/'), page('/')]);
    const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonceOf(first.policy)).toBeTruthy();
    expect(nonceOf(first.policy)).not.toBe(nonceOf(second.policy));
  });

  it.each(['/', '/cookies', '/todos', '/contact'])(
    'on %s, every executable script, preload and style carries the response’s nonce',
    async (path) => {
      const { html, policy } = await page(path);
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      const tags = [
        ...scriptTags(html)
          .map(([whole]) => whole.slice(0, whole.indexOf('>') + 1))
          .filter((tag) => attribute(tag, 'type') !== 'application/json'),
        ...[...html.matchAll(/<link\b[^>]*rel="(modulepreload|stylesheet)"[^>]*>/g)].map(([tag]) => tag),
        ...[...html.matchAll(/<style\b[^>]*>/g)].map(([tag]) => tag),
      ];
      // The event-dispatch contract, `__jsaction_bootstrap(...)` and the module entry, at least.
      expect(tags.length).toBeGreaterThanOrEqual(3);
      for (const tag of tags) expect(attribute(tag, 'nonce'), tag).toBe(nonce);
      expect(html).toContain(`ngcspnonce="${nonce}"`);
      expect(html).not.toContain('CSP_NONCE_PLACEHOLDER');
    },
  );
});

describe('hashes on a prerendered page', () => {
  it('lists exactly the SHA-256 of each inline script, and the file holds no nonce', async () => {
    const { html, policy } = await page('/routes');
    const inline = scriptTags(html).filter(
      ([whole]) => !/\ssrc=/.test(whole.slice(0, whole.indexOf('>'))) && !whole.includes('application/json'),
    );
    expect(inline).toHaveLength(2);
    const hashes = inline.map(([, body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1].split(' ');
    expect(scriptSrc).toEqual(["'self'", ...hashes]);
    expect(html).not.toMatch(/\snonce=|ngcspnonce/i);
  });

  it('is written to public/_headers for static hosts, as the server sends it', async () => {
    const { policy } = await page('/routes');
    const [everywhere, ...pages] = readFileSync(join(root, 'dist/analog/public/_headers'), 'utf8').split(
      /\n(?=\/)/,
    );
    expect(everywhere).toMatch(/^\/\*\n/);
    expect(everywhere).toContain('  X-Content-Type-Options: nosniff');
    // Hosts join matching rules' values; a CSP under /* would also apply to every page.
    expect(everywhere).not.toContain('Content-Security-Policy');
    const routes = pages.find((block) => block.startsWith('/routes\n'))?.split('\n');
    expect(routes).toContain(`  Content-Security-Policy: ${policy}`);
    expect(routes).toContain('  Cross-Origin-Opener-Policy: same-origin');
  });
});
