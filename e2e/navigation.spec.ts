import { expect, expectHydrated, test } from './support/fixtures';

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
    }
  });
});
