import { expect, test } from './support/fixtures';

test.describe('home page /', () => {
  test('renders the heading in Chromium', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analog API routes');
  });
});
