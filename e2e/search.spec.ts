import { expect, expectHydrated, test } from '../test/support/fixtures';

test.describe('PAGE /search', () => {
  test('searches, puts the term in the URL, and restores it from the URL', async ({ page }) => {
    await page.goto('/search');
    await expectHydrated(page);
    await page.getByLabel('Search').fill('mug');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/search?q=mug');
    await expect(page.getByRole('status')).toHaveText('1 result(s) for “mug”');
    await expect(page.getByRole('listitem')).toContainText(['Angular Mug']);

    await page.goto('/search?q=an');
    await expect(page.getByLabel('Search')).toHaveValue('an');
    await expect(page.getByRole('listitem').filter({ hasText: 'Analog Notebook' })).toBeVisible();
  });

  test('shows the 422 validation message for an empty query', async ({ page }) => {
    await page.goto('/search');
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/search?q=');
    await expect(page.getByRole('alert')).toHaveText('Enter a search term');
    await expect(page.getByLabel('Search')).toHaveAccessibleDescription('Enter a search term');
  });
});
