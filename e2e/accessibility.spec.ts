import AxeBuilder from '@axe-core/playwright';

import { root } from '../test/support/build';
import { layout } from '../tools/api-contract/layout';
import { readPages } from '../tools/vite/route-catalogue';
import { expect, expectHydrated, test } from '../test/support/fixtures';

/** Every page in the catalogue, with a sample value for each parameter; new pages join by themselves. */
const pages = readPages(root, layout.pagesDir).map(({ url }) =>
  url.replace('**', 'no-such-page').replace(/:\w+/g, '1'),
);

/** Pages in the states that add markup: field errors from a plain form post. */
const states = [
  '/newsletter?error.name=Enter+your+name&error.email=Enter+a+valid+email+address',
  '/contact?error.email=Enter+a+valid+email+address',
];

test.describe('accessibility (axe-core, WCAG 2.2 A and AA)', () => {
  for (const url of [...pages, ...states]) {
    test(`${url} has no violations once hydrated`, async ({ page }) => {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectHydrated(page);
      // `experimental` adds label-content-name-mismatch: an accessible name must contain the visible label.
      const { violations, passes } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'])
        .analyze();
      expect(passes.length, 'axe ran its rules').toBeGreaterThan(10);
      expect(
        violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`),
      ).toEqual([]);
    });
  }

  test('/routes keeps the visible label inside each "Try it" accessible name (WCAG 2.5.3)', async ({
    page,
  }) => {
    await page.goto('/routes');
    const buttons = page.getByRole('button', { name: /^Try it: / });
    expect(await buttons.count()).toBeGreaterThanOrEqual(20);
    for (const button of await buttons.all()) await expect(button).toHaveText('Try it');
  });
});
