import { deriveServerFnId } from '@analogjs/vite-plugin-nitro/server-fn-id';

import { expect, expectHydrated, test } from '../test/support/fixtures';

const serverFnPath = (name: string) =>
  `/_analog/fn/${deriveServerFnId('src/app/reviews/reviews.server.ts', name)}`;

test.describe('PAGE /reviews (server functions)', () => {
  test('renders the reviews on the server and hydrates without calling the function again', async ({
    page,
  }) => {
    const text = `Seeded before the visit ${test.info().testId}`;
    const seeded = await page.request.post(serverFnPath('postReview'), {
      data: { productId: 4, rating: 5, body: text },
    });
    expect(seeded.status()).toBe(200);

    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/_analog/fn/')) calls.push(`${request.method()} ${request.url()}`);
    });
    const document = await page.goto('/reviews');
    expect(await document!.text()).toContain(text);
    await expectHydrated(page);
    await expect(page.getByRole('list', { name: 'Reviews' }).getByText(text)).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('adds a review through the mutation and shows it', async ({ page }) => {
    const text = `Warm and fast ${test.info().testId}`;
    await page.goto('/reviews');
    await expectHydrated(page);

    await page.getByLabel('Product').selectOption({ label: 'Vite Hoodie' });
    await page.getByLabel('Rating').selectOption({ label: '4 stars' });
    await page.getByLabel('Review', { exact: true }).fill(text);
    const saved = page.waitForResponse((response) => response.url().endsWith(serverFnPath('postReview')));
    await page.getByRole('button', { name: 'Add review' }).click();
    expect((await saved).status()).toBe(200);

    const item = page.getByRole('listitem').filter({ hasText: text });
    await expect(item).toContainText('Vite Hoodie · 4/5');
    await expect(page.getByLabel('Review', { exact: true })).toHaveValue('');
  });

  test("shows the schema's message for an empty review", async ({ page }) => {
    await page.goto('/reviews');
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Add review' }).click();
    await expect(page.getByRole('alert')).toHaveText('Write a few words');
    await expect(page.getByLabel('Review', { exact: true })).toHaveAccessibleDescription('Write a few words');
  });

  test('says when and why it refuses the 21st review of the hour from one address', async ({ page }) => {
    // The e2e server trusts a proxy's X-Forwarded-For (TRUST_PROXY): this visitor gets an address of its own.
    const from = `10.9.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': from });
    for (let n = 1; n <= 20; n += 1) {
      const posted = await page.request.post(serverFnPath('postReview'), {
        data: { productId: 1, rating: 3, body: `Review ${n} from ${from}` },
        headers: { 'x-forwarded-for': from },
      });
      expect(posted.status()).toBe(200);
    }
    await page.goto('/reviews');
    await expectHydrated(page);

    await page.getByLabel('Review', { exact: true }).fill('One too many');
    const refused = page.waitForResponse((response) => response.url().endsWith(serverFnPath('postReview')));
    await page.getByRole('button', { name: 'Add review' }).click();
    expect((await refused).status()).toBe(429);
    await expect(page.getByRole('alert')).toHaveText(
      'This address has posted 20 reviews in the last hour, the most it may; try again in 60 minutes',
    );
    // Nothing typed is lost: the text waits in the field for the next try.
    await expect(page.getByLabel('Review', { exact: true })).toHaveValue('One too many');
  });
});
