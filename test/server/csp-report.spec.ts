import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type RunningServer, startProductionServer } from '../support/server';
import { rawRequest } from '../support/raw-request';

let server: RunningServer;

beforeAll(async () => {
  server = await startProductionServer();
}, 120_000);
afterAll(() => server?.stop());

const report = (contentType: string, body: string) =>
  rawRequest(server.url, { method: 'POST', path: '/api/csp-report', contentType, body });

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
});
