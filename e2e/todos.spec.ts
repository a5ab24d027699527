import type { Page } from '@playwright/test';

import { expect, expectHydrated, test } from '../test/support/fixtures';

/**
 * The todo titled `title`, after "Show more" as often as it takes: todos that tests running
 * alongside add meanwhile land on top and may push it a page further down.
 */
async function findTodo(page: Page, title: string) {
  const todo = page.getByRole('listitem').filter({ hasText: title });
  const showMore = page.getByRole('button', { name: 'Show more' });
  await expect(async () => {
    if ((await showMore.isVisible()) && (await showMore.isEnabled())) await showMore.click();
    await expect(todo).toBeVisible({ timeout: 1_000 });
  }).toPass();
  return todo;
}

test.describe('PAGE /todos', () => {
  test('creates, toggles and deletes a todo, and keeps it across a reload', async ({ page }) => {
    const title = `Water the plants ${test.info().testId}`;
    await page.goto('/todos');
    await expectHydrated(page);

    await page.getByLabel('New todo').fill(title);
    await page.getByRole('button', { name: 'Add' }).click();
    const item = page.getByRole('listitem').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(page.getByLabel('New todo')).toHaveValue('');

    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/api/v1/todos/'),
    );
    await item.getByRole('checkbox').check();
    expect((await saved).status()).toBe(200);
    await expect(item.getByRole('checkbox')).toBeChecked();

    await page.reload();
    await expectHydrated(page);
    await expect((await findTodo(page, title)).getByRole('checkbox')).toBeChecked();

    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Todos' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  });

  test('shows the validation message for an empty title', async ({ page }) => {
    await page.goto('/todos');
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a title');
    await expect(page.getByLabel('New todo')).toHaveAccessibleDescription('Enter a title');
  });

  test('shows 20 todos, newest first, and the older ones page by page on "Show more"', async ({
    page,
    request,
  }) => {
    const tag = test.info().testId;
    for (let n = 1; n <= 21; n += 1) {
      const created = await request.post('/api/v1/todos', { data: { title: `Paged ${n} ${tag}` } });
      expect(created.status()).toBe(201);
    }
    await page.goto('/todos');
    await expectHydrated(page);
    const todo = (n: number) => page.getByRole('listitem').filter({ hasText: `Paged ${n} ${tag}` });
    await expect(todo(21)).toBeVisible();
    await expect(todo(1)).toHaveCount(0);

    await findTodo(page, `Paged 1 ${tag}`);
    await expect(page.getByRole('listitem').filter({ hasText: tag })).toHaveCount(21);
  });
});

test.describe('PAGE /todos, live', () => {
  test('shows a todo added and toggled in one tab in another without a reload', async ({ page, context }) => {
    const title = `Live ${test.info().testId} ${Date.now()}`;
    const other = await context.newPage();
    for (const tab of [page, other]) {
      const ready = tab.waitForResponse((response) => response.url().endsWith('/api/v1/todos/events'));
      await tab.goto('/todos');
      await expectHydrated(tab);
      expect((await ready).status()).toBe(200);
    }
    const navigations: string[] = [];
    other.on('framenavigated', (frame) => navigations.push(frame.url()));

    await page.getByLabel('New todo').fill(title);
    await page.getByRole('button', { name: 'Add' }).click();
    // Within a second here; 5 s leaves room for a loaded machine.
    const item = other.getByRole('listitem').filter({ hasText: title });
    await expect(item).toBeVisible({ timeout: 5_000 });

    await page.getByRole('listitem').filter({ hasText: title }).getByRole('checkbox').check();
    await expect(item.getByRole('checkbox')).toBeChecked({ timeout: 5_000 });

    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(item).toHaveCount(0, { timeout: 5_000 });
    expect(navigations).toEqual([]);
    await other.close();
  });

  test('closes the stream when the page is left', async ({ page }) => {
    const opened = page.waitForRequest((request) => request.url().endsWith('/api/v1/todos/events'));
    await page.goto('/todos');
    await expectHydrated(page);
    const stream = await opened;
    const closed = page.waitForEvent('requestfailed', (request) => request === stream);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect((await closed).failure()?.errorText).toMatch(/ABORTED/);
  });
});
