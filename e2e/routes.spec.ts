import { expect, expectHydrated, test } from '../test/support/fixtures';

test.describe('PAGE /routes', () => {
  test('is served as a prerendered page', async ({ request }) => {
    const response = await request.get('/routes');
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('v1/products.csv.get.ts');
  });

  for (const { url, status, type, body } of [
    { url: 'GET /api/v1/hello', status: '200 OK', type: 'application/json', body: '"message":"Hello World"' },
    { url: 'GET /api/v1/hello/Ada', status: '200 OK', type: 'text/plain; charset=utf-8', body: 'Hello Ada!' },
    {
      url: 'DELETE /api/v1/products',
      status: '405 Method Not Allowed',
      type: 'application/json',
      body: 'GET, HEAD',
    },
    { url: 'GET /api/rss.xml', status: '200 OK', type: 'text/xml', body: '<rss version="2.0">' },
    { url: 'GET /api/v1/todos/events', status: '200 OK', type: 'text/event-stream', body: 'event: ready' },
    { url: 'GET /api/v1/products/1/og.png', status: '200 OK', type: 'image/png', body: ' bytes)' },
    // A fetch cannot open a WebSocket: the plain GET answers h3's 426.
    {
      url: 'GET /ws/chat',
      status: '426 Upgrade Required',
      type: 'application/json',
      body: '"statusCode":426',
    },
  ]) {
    test(`"Try it" on ${url} shows status, content type and body`, async ({ page }) => {
      await page.goto('/routes');
      await expectHydrated(page);
      const button = page.getByRole('button', { name: `Try it: ${url}`, exact: true });
      const row = page.getByRole('row').filter({ has: button });
      await button.click();
      const result = row.getByRole('status');
      await expect(result).toContainText(status);
      await expect(result).toContainText(type);
      await expect(result).toContainText(body);
    });
  }
});
