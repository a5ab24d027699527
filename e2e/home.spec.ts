import { expect, test } from '../test/support/fixtures';

test.describe('PAGE /', () => {
  test('server-renders every product from the loader, before any JavaScript runs', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const products = (await (await request.get('/api/v1/products')).json()) as { name: string }[];
    for (const product of products) expect(html).toContain(product.name);
    expect(html).toContain('ng-server-context="ssr-analog"');
  });

  test('sets products=loaded with Path=/, HttpOnly and SameSite=Lax on the first server render', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analog API routes');
    await expect(page.getByRole('listitem').filter({ hasText: 'Analog Notebook' })).toContainText('$12.50');
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'products');
    expect(cookie).toMatchObject({
      value: 'loaded',
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: false,
    });
    await expect(page).toHaveTitle('Products · Analog API routes');
  });
});
