import { expect, test } from '../test/support/fixtures';

test.describe('the error page', () => {
  // Chromium logs the 500 itself; the page it gets is what this test reads.
  test.use({ expectedConsoleErrors: [/the server responded with a status of 500/] });

  test('shows the request id of a failed page load, the one in X-Request-Id and the log, and no stack', async ({
    page,
  }) => {
    const response = await page.goto('/api/v1/boom');
    expect(response?.status()).toBe(500);
    const requestId = response?.headers()['x-request-id'] ?? '';
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('500 Server Error');
    await expect(page.locator('#request-id')).toHaveText(requestId);
    await expect(page.getByText('quote this request id')).toBeVisible();
    await expect(page.locator('body')).not.toContainText('hunter2');
  });
});
