import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { type RunningServer, startProductionServer } from '../support/server';
import { type RawRequest, rawRequest } from '../support/raw-request';
import { newAccount, postJson, sessionCookie } from '../support/sessions';

const baseUrl = inject('baseUrl');

/** What every response carries, HTML or not. */
const everywhere = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'x-dns-prefetch-control': 'off',
  'x-permitted-cross-domain-policies': 'none',
};

/** What only documents carry. */
const documents = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'reporting-endpoints': 'csp="/api/csp-report"',
};

const nonceCsp =
  /^default-src 'self'; script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'; script-src-attr 'none'; style-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; report-to csp; report-uri \/api\/csp-report$/;
const hashCsp =
  /^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+; script-src-attr 'none'; style-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')*; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; report-to csp; report-uri \/api\/csp-report$/;
const resourceCsp = /^default-src 'none'; frame-ancestors 'none'$/;

const permissions = ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'];

describe('security headers', () => {
  it.each([
    ['an SSR page', 'GET', '/', 'document', nonceCsp],
    ['a prerendered page', 'GET', '/routes', 'document', hashCsp],
    ['an API route', 'GET', '/api/v1/hello', 'resource', resourceCsp],
    ['a validated route', 'PUT', '/api/v1/users/0', 'resource', resourceCsp],
    ['an API error', 'GET', '/api/v1/items/abc', 'resource', resourceCsp],
    ['the catch-all', 'DELETE', '/api/v1/products', 'resource', resourceCsp],
    ['a prerendered feed', 'GET', '/api/rss.xml', 'resource', resourceCsp],
    ['a static file', 'GET', '/favicon.svg', 'resource', resourceCsp],
  ] as const)('on %s (%s %s): the %s set', async (_kind, method, path, kind, csp) => {
    const { headers } = await rawRequest(baseUrl, { method, path });
    expect(headers).toMatchObject(everywhere);
    expect(headers['content-security-policy']).toMatch(csp);
    expect(headers['content-security-policy-report-only']).toBeUndefined();
    // Plain HTTP: HSTS would be ignored, and must not be sent.
    expect(headers['strict-transport-security']).toBeUndefined();
    if (kind === 'document') {
      expect(headers).toMatchObject(documents);
      for (const feature of permissions) expect(headers['permissions-policy']).toContain(feature);
    } else {
      for (const name of [...Object.keys(documents), 'permissions-policy'])
        expect(headers[name]).toBeUndefined();
    }
  });

  it('sets every header on a built JavaScript asset', async () => {
    const html = (await rawRequest(baseUrl, { path: '/' })).body;
    const asset = /<script type="module" crossorigin="" src="([^"]+)"/.exec(html)?.[1];
    expect(asset).toMatch(/^\/assets\/.+\.js$/);
    const { status, headers } = await rawRequest(baseUrl, { path: asset as string });
    expect(status).toBe(200);
    expect(headers).toMatchObject(everywhere);
    expect(headers['content-security-policy']).toMatch(resourceCsp);
  });
});

describe('security headers on every error status', () => {
  let server: RunningServer;
  let cookie: string;
  const wrongPassword = { email: 'nobody@example.com', password: 'not the password' };

  beforeAll(async () => {
    // Its own server: the 429 below spends this address's sign-in attempts.
    server = await startProductionServer();
    cookie = sessionCookie(await postJson(server.url, '/api/v1/auth/sign-up', newAccount()));
    // Fail until the limit answers, whatever it is.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if ((await postJson(server.url, '/api/v1/auth/sign-in', wrongPassword)).status === 429) break;
    }
  }, 120_000);
  afterAll(() => server?.stop());

  const json = (method: string, path: string, body: string): RawRequest => ({
    method,
    path,
    body,
    contentType: 'application/json',
  });

  it.each([
    [400, 'a bad path parameter', { path: '/api/v1/items/abc' }],
    [
      400,
      'a multipart body without a boundary',
      { ...json('POST', '/api/v1/contact', 'x'), contentType: 'multipart/form-data' },
    ],
    [401, 'no session', { path: '/api/v1/me' }],
    [
      403,
      'a cross-site form',
      {
        method: 'POST',
        path: '/api/v1/todos',
        body: 'title=x',
        contentType: 'text/plain',
        headers: { origin: 'https://evil.example' },
      },
    ],
    [403, "another account's user", { path: '/api/v1/users/1', sessionCookie: true }],
    [404, 'an unknown record', { path: '/api/v1/products/999999' }],
    [404, 'an unknown API route', { path: '/api/v1/nothing-here' }],
    [404, 'an unknown asset', { path: '/assets/nothing-here.js' }],
    [405, 'a method the route lacks', { method: 'DELETE', path: '/api/v1/products' }],
    [413, 'a body over the limit', json('POST', '/api/v1/contact', 'x'.repeat(1024 * 1024 + 1))],
    [
      415,
      'an upload that is not multipart',
      { method: 'POST', path: '/api/v1/files', body: 'x', contentType: 'text/plain', sessionCookie: true },
    ],
    [422, 'invalid fields', json('POST', '/api/v1/contact', '{}')],
    [429, 'too many sign-in failures', json('POST', '/api/v1/auth/sign-in', JSON.stringify(wrongPassword))],
    [500, 'a handler that throws', { path: '/api/v1/boom' }],
  ] as [number, string, RawRequest & { sessionCookie?: boolean }][])(
    "%i (%s) carries the resource set and its default-src policy, not Nitro's",
    async (status, _cause, { sessionCookie: withSession, ...request }) => {
      const headers = { accept: 'application/json', ...request.headers, ...(withSession ? { cookie } : {}) };
      const response = await rawRequest(server.url, { ...request, headers });
      expect(response.status).toBe(status);
      expect(response.headers).toMatchObject(everywhere);
      expect(response.headers['content-security-policy']).toMatch(resourceCsp);
      for (const name of [...Object.keys(documents), 'permissions-policy'])
        expect(response.headers[name]).toBeUndefined();
      expect(response.type).toMatch(/^application\/json/);
      // A 422's body is its issues; every other error's is Nitro's error object.
      expect(JSON.parse(response.body)).toMatchObject(
        status === 422
          ? expect.arrayContaining([expect.objectContaining({ path: ['name'] })])
          : { statusCode: status },
      );
      expect(response.body).not.toContain('hunter2');
    },
  );
});

describe('security headers behind a proxy and in report-only mode', () => {
  let proxied: RunningServer;
  let direct: RunningServer;

  beforeAll(async () => {
    [proxied, direct] = await Promise.all([
      startProductionServer(undefined, { TRUST_PROXY: '1', CSP_REPORT_ONLY: '1' }),
      startProductionServer(),
    ]);
  }, 120_000);
  afterAll(() => Promise.all([proxied?.stop(), direct?.stop()]));

  it.each(['/', '/routes', '/api/v1/hello', '/favicon.svg', '/api/v1/no-such-route'])(
    'sends HSTS on %s only when a trusted proxy says the request came over HTTPS',
    async (path) => {
      const https = { 'x-forwarded-proto': 'https' };
      const trusted = await rawRequest(proxied.url, { path, headers: https });
      expect(trusted.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await rawRequest(proxied.url, { path });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const untrusted = await rawRequest(direct.url, { path, headers: https });
      expect(untrusted.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('marks a cookie Secure only when a trusted proxy says the request came over HTTPS', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const trusted = await rawRequest(proxied.url, { path: '/', headers: https });
    expect(String(trusted.headers['set-cookie'])).toMatch(/^products=loaded;.*; Secure/);
    const untrusted = await rawRequest(direct.url, { path: '/', headers: https });
    expect(String(untrusted.headers['set-cookie'])).toMatch(/^products=loaded;/);
    expect(String(untrusted.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it.each([
    ['an SSR page', '/', nonceCsp],
    ['a prerendered page', '/routes', hashCsp],
  ])(
    'with CSP_REPORT_ONLY=1, %s reports its policy and enforces only frame-ancestors',
    async (_kind, path, csp) => {
      const { headers } = await rawRequest(proxied.url, { path });
      expect(headers['content-security-policy-report-only']).toMatch(csp);
      expect(headers['content-security-policy']).toBe("frame-ancestors 'none'");
    },
  );
});
