import { expect, expectHydrated, test } from '../test/support/fixtures';

const pages = [
  { link: 'Products', url: '/', heading: 'Analog API routes' },
  { link: 'Cookies', url: '/cookies', heading: 'Cookies' },
  { link: 'Contact', url: '/contact', heading: 'Contact' },
  { link: 'Todos', url: '/todos', heading: 'Todos' },
  { link: 'Search', url: '/search', heading: 'Search' },
  { link: 'Routes', url: '/routes', heading: 'Route catalogue' },
];

test.describe('navigation', () => {
  test('reaches every page from the main navigation by keyboard', async ({ page }) => {
    await page.goto('/routes');
    await expectHydrated(page);
    for (const target of pages) {
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: target.link });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(target.url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.heading);
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(link).toHaveClass('active');
      await expect(
        page.getByRole('navigation', { name: 'Main' }).locator('[aria-current], .active'),
      ).toHaveCount(1);
    }
  });

  test('marks the current page in the server-rendered HTML, before any JavaScript runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const target of pages) {
      await page.goto(target.url);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: target.link })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: target.link })).toHaveClass('active');
      await expect(nav.locator('[aria-current], .active')).toHaveCount(1);
    }
    await context.close();
  });

  test('matches exactly, query included: /search?q=an marks no link, as routerLinkActive with exact does', async ({
    page,
  }) => {
    await page.goto('/search?q=an');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).locator('[aria-current], .active'),
    ).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL('/search');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});
