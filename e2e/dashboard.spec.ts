import AxeBuilder from '@axe-core/playwright';

import { expect, expectHydrated, test } from '../test/support/fixtures';

// Headless Chromium names itself HeadlessChrome, which renderStream treats as a crawler and renders
// buffered; a visitor's browser gets the stream.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
});

test.describe('PAGE /dashboard', () => {
  test('streams, then shows the slow supplier prices and hydrates, under the nonce policy', async ({
    page,
  }) => {
    const response = await page.goto('/dashboard');
    expect(response?.headers()['transfer-encoding']).toBe('chunked');
    expect(await response?.text()).toContain('data-analog-stream');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(page).toHaveTitle('Dashboard · Analog API routes');
    const row = page.getByRole('row').filter({ hasText: 'Analog Notebook' });
    await expect(row.getByRole('cell')).toHaveText(['Analog Notebook', '$12.50', '$7.50']);
    await expectHydrated(page);
    // The stream's preview region and templates are gone: the page is the one Angular hydrated.
    await expect(page.locator('[data-analog-stream], template')).toHaveCount(0);
  });

  test('works as an app once hydrated: a link navigates on the client', async ({ page }) => {
    await page.goto('/dashboard');
    await expectHydrated(page);
    await page.getByRole('link', { name: 'Cookies' }).click();
    await expect(page).toHaveURL('/cookies');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookies');
  });

  test('has no axe violations once streamed and hydrated', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectHydrated(page);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'])
      .analyze();
    expect(
      violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`),
    ).toEqual([]);
  });
});
