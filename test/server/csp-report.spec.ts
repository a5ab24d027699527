import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type RunningServer, startProductionServer } from '../support/server';
import { rawRequest } from '../support/raw-request';

let server: RunningServer;

beforeAll(async () => {
  // Behind a trusted proxy: the rate limit's spec sends from an address of its own.
  server = await startProductionServer(undefined, { TRUST_PROXY: '1' });
}, 120_000);
afterAll(() => server?.stop());

const report = (contentType: string, body: string, headers: Record<string, string> = {}) =>
  rawRequest(server.url, { method: 'POST', path: '/api/csp-report', contentType, body, headers });

const violation = (n: number) => ({
  type: 'csp-violation',
  body: { documentURL: `http://localhost/sampled/${n}`, effectiveDirective: 'img-src' },
});

describe('POST /api/csp-report', () => {
  it('logs a Reporting API report (report-to) and answers 204', async () => {
    const body = [
      {
        type: 'csp-violation',
        age: 1,
        url: 'http://localhost/todos',
        body: {
          documentURL: 'http://localhost/todos',
          blockedURL: 'inline',
          effectiveDirective: 'script-src-elem',
          disposition: 'enforce',
          sample: '<script>alert(1)</script>',
        },
      },
    ];
    const response = await report('application/reports+json', JSON.stringify(body));
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    await expect
      .poll(() => server.output())
      .toContain(
        '[csp-violation] {"document":"http://localhost/todos","blocked":"inline","directive":"script-src-elem","disposition":"enforce"}',
      );
  });

  it('logs a legacy report (report-uri) and answers 204', async () => {
    const body = {
      'csp-report': {
        'document-uri': 'http://localhost/legacy',
        'blocked-uri': 'https://evil.example/x.js',
        'violated-directive': 'script-src-elem',
        disposition: 'report',
      },
    };
    expect((await report('application/csp-report', JSON.stringify(body))).status).toBe(204);
    await expect.poll(() => server.output()).toContain('"document":"http://localhost/legacy"');
  });

  it('logs no more than 500 characters of any field', async () => {
    const long = `http://localhost/${'a'.repeat(2000)}`;
    const body = [{ type: 'csp-violation', body: { documentURL: long } }];
    expect((await report('application/reports+json', JSON.stringify(body))).status).toBe(204);
    await expect.poll(() => server.output()).toContain(`"document":"${long.slice(0, 500)}"}`);
  });

  it.each([
    ['not JSON', 'application/csp-report', '{oops'],
    ['an unknown shape', 'application/json', '{"hello":"world"}'],
    ['an empty list', 'application/reports+json', '[]'],
    ['another report type', 'application/reports+json', '[{"type":"deprecation","body":{}}]'],
  ])('rejects %s with 400', async (_kind, type, body) => {
    const response = await report(type, body);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({
      statusCode: 400,
      message: 'Not a CSP violation report',
    });
  });

  it('rejects a body over 16 KiB with 413', async () => {
    const body = JSON.stringify([{ type: 'csp-violation', body: { documentURL: 'x'.repeat(17 * 1024) } }]);
    const response = await report('application/reports+json', body);
    expect(response.status).toBe(413);
  });

  it('refuses the 61st report in a minute from one address with 429 and Retry-After', async () => {
    const headers = { 'x-forwarded-for': '10.9.8.7' };
    const body = JSON.stringify([violation(0)]);
    const statuses: number[] = [];
    for (let n = 0; n < 61; n++)
      statuses.push((await report('application/reports+json', body, headers)).status);
    expect(statuses.slice(0, 60)).toEqual(Array.from({ length: 60 }, () => 204));
    const refused = await report('application/reports+json', body, headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await report('application/reports+json', body, { 'x-forwarded-for': '10.9.8.8' })).status).toBe(
      204,
    );
  });

  it('logs at most 20 violations a minute: a flood costs a few lines, not megabytes', async () => {
    const flood = JSON.stringify(Array.from({ length: 50 }, (_, n) => violation(n)));
    expect((await report('application/reports+json', flood, { 'x-forwarded-for': '10.9.8.9' })).status).toBe(
      204,
    );
    await new Promise((settle) => setTimeout(settle, 200));
    expect(server.output().match(/\[csp-violation\] \{/g)?.length).toBeLessThanOrEqual(20);
  });
});
