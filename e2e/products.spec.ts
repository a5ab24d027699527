import { expect, test } from '../test/support/fixtures';

test.describe('PAGE /products/:id', () => {
  test('is prerendered with the product its loader fetched', async ({ request }) => {
    const response = await request.get('/products/2');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Angular Mug</h1>');
    expect(html).toContain('$9.00');
  });

  test('opens from the home list through client-side navigation, loader data included', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Vite Hoodie' }).click();
    await expect(page).toHaveURL('/products/4');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vite Hoodie');
    await expect(page.getByText('$39.99')).toBeVisible();
  });

  test('sets the link-preview tags of the product it shows, and takes them away on leaving', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Vite Hoodie' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vite Hoodie');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Vite Hoodie');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /^http:\/\/localhost:3000\/api\/v1\/products\/4\/og\.png\?v=[0-9a-f]{16}$/,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await page.getByRole('link', { name: 'All products' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('meta[property="og:image"], meta[name="twitter:card"]')).toHaveCount(0);
  });

  test('renders the not-found content with 404 for an id no product has', async ({ page }) => {
    const response = await page.goto('/products/999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('link', { name: 'Back to the products' })).toBeVisible();
  });

  test('says the address is not valid, with 422, for an id that is no positive integer', async ({ page }) => {
    const response = await page.goto('/products/abc');
    expect(response?.status()).toBe(422);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This address is not valid');
  });
});
