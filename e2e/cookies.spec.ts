import { expect, test } from '../test/support/fixtures';

test.describe('PAGE /cookies', () => {
  test('shows an empty state in a fresh browser', async ({ page }) => {
    await page.goto('/cookies');
    await expect(page.getByText('No cookies yet')).toBeVisible();
  });

  test('names the HttpOnly cookie products after visiting /, and hides its value', async ({ page }) => {
    await page.goto('/');
    await page.goto('/cookies');
    const row = page.getByRole('row').filter({ hasText: 'products' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('hidden (HttpOnly)');
  });

  test('server-renders the cookies the request carries', async ({ request }) => {
    const response = await request.get('/cookies', { headers: { cookie: 'flavour=oatmeal' } });
    const html = await response.text();
    expect(html).toContain('<td>flavour</td><td>oatmeal</td>');
  });

  test('shows the cookie after client-side navigation too', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Cookies' }).click();
    await expect(page).toHaveURL('/cookies');
    await expect(page.getByRole('row').filter({ hasText: 'products' })).toContainText('hidden (HttpOnly)');
  });
});
