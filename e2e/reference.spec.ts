import type { OpenApiDocument } from '../src/modules/api-contract';
import { expect, test } from '../test/support/fixtures';

async function operationsOf(request: import('@playwright/test').APIRequestContext) {
  const document = (await (await request.get('/api/openapi.json')).json()) as OpenApiDocument;
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

test.describe('PAGE /reference', () => {
  test('lists every operation of /api/openapi.json', async ({ page, request }) => {
    const operations = await operationsOf(request);
    expect(operations.length).toBeGreaterThan(20);
    await page.goto('/reference');
    await expect(page.getByText(`${operations.length} operations on`)).toBeVisible();
    const summaries = page.locator('app-api-operation summary');
    await expect(summaries).toHaveCount(operations.length);
    const shown = (await summaries.allInnerTexts()).map((text) => text.split(' · ')[0].trim());
    expect(shown.sort()).toEqual([...operations].sort());
  });

  test('says who may call each operation, and the limits on its abuse', async ({ page }) => {
    await page.goto('/reference');
    const operation = page.locator('app-api-operation').filter({
      has: page.locator('summary', { hasText: 'PUT /api/v1/users/{id} ·' }),
    });
    await operation.locator('summary').click();
    await expect(operation.getByText('Who may call it: owner or admin.')).toBeVisible();
    await expect(
      operation.getByText('Limits: Body ≤ 1 MiB; only the account itself or an admin.'),
    ).toBeVisible();
  });

  test('"Try it" with bad input on a validated route shows the 422 issues', async ({ page }) => {
    await page.goto('/reference');
    const summary = page.locator('summary').filter({ hasText: 'POST /api/v1/todos ·' });
    await summary.click();
    const form = page.getByRole('form', { name: 'Try POST /api/v1/todos', exact: true });
    await form.getByLabel('Request body (JSON)').fill('{"title": "   "}');
    const button = form.getByRole('button', { name: 'Try it' });
    await expect(button).toBeEnabled();
    await button.click();
    const answer = page.getByRole('status', { name: 'Answer to POST /api/v1/todos', exact: true });
    await expect(answer).toContainText('422 Unprocessable Entity');
    await expect(answer).toContainText('"path":["title"]');
    await expect(answer).toContainText('Enter a title');
  });

  test('"Try it" sends a header parameter as a header: an Idempotency-Key replays the first answer', async ({
    page,
  }) => {
    await page.goto('/reference');
    await page.locator('summary').filter({ hasText: 'POST /api/v1/donations ·' }).click();
    const form = page.getByRole('form', { name: 'Try POST /api/v1/donations', exact: true });
    await form.getByLabel('Idempotency-Key (header)').fill(`"${crypto.randomUUID()}"`);
    await form.getByLabel('Request body (JSON)').fill('{"amount": 1}');
    const button = form.getByRole('button', { name: 'Try it' });
    await expect(button).toBeEnabled();
    const answer = page.getByRole('status', { name: 'Answer to POST /api/v1/donations', exact: true });
    const posted = () =>
      page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/donations') && response.request().method() === 'POST',
      );
    const [first] = await Promise.all([posted(), button.click()]);
    await expect(answer).toContainText('200 OK');
    const [retry] = await Promise.all([posted(), button.click()]);
    expect(retry.request().headers()['idempotency-key']).toMatch(/^"[\w-]+"$/);
    expect(retry.status()).toBe(200);
    // The same total: the server counted the donation once and replayed its answer.
    expect(retry.headers()['idempotent-replayed']).toBe('true');
    expect(await retry.json()).toEqual(await first.json());
    await expect(answer).toContainText((await first.text()).slice(0, 20));
  });

  test('renders completely with the network limited to its own origin', async ({
    page,
    request,
    baseURL,
  }) => {
    const operations = await operationsOf(request);
    const origin = new URL(baseURL!).origin;
    const elsewhere: string[] = [];
    await page.route('**/*', (route) => {
      if (new URL(route.request().url()).origin === origin) return route.continue();
      elsewhere.push(route.request().url());
      return route.abort('blockedbyclient');
    });
    await page.goto('/reference');
    await expect(page.locator('app-api-operation summary')).toHaveCount(operations.length);
    await expect(page.getByRole('heading', { name: 'Schemas' })).toBeVisible();
    await page.locator('app-api-operation summary').first().click();
    await expect(page.getByRole('button', { name: 'Try it' }).first()).toBeEnabled();
    expect(elsewhere).toEqual([]);
  });

  test('is linked from the navigation and from /routes', async ({ page }) => {
    await page.goto('/routes');
    await expect(page.getByRole('main').getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      '/reference',
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API reference' }).click();
    await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
  });
});
