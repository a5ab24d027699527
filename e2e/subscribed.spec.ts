import { expect, test } from '../test/support/fixtures';

test.describe('PAGE /subscribed', () => {
  test('confirms the sign-up with a link home', async ({ page }) => {
    await page.goto('/subscribed');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're subscribed");
    await expect(page.getByRole('link', { name: 'Back to the products' })).toHaveAttribute('href', '/');
  });
});
