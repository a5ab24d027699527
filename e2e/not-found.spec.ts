import { expect, test } from '../test/support/fixtures';

test.describe('PAGE /**', () => {
  test('answers an unknown URL with 404 and the not-found page on the server render', async ({ request }) => {
    const response = await request.get('/nope');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<h1>Page not found</h1>');
  });

  test('renders "Page not found" with a link home, and logs no console error', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page not found · Analog API routes');
    await page.getByRole('link', { name: 'Back to the products' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analog API routes');
  });
});
