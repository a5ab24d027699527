import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

import { type ChildProcess, spawn } from 'node:child_process';

import { expect, expectHydrated, test } from '../test/support/fixtures';
import { freePort } from '../test/support/free-port.mjs';

/**
 * Finds the todo titled `title`, after "Show more" as often as it takes, and runs `step` on it,
 * again from the start while it fails: this list is live and shared, so todos that tests running
 * alongside add land on top and move it down, or past the pages on screen, even mid-click. Every
 * test titles its todos with a fresh UUID (a test id repeats across `--repeat-each` runs and
 * retries), so the one it finds is its own.
 */
async function onTodo(page: Page, title: string, step: (todo: Locator) => Promise<unknown> = async () => {}) {
  const todo = page.getByRole('listitem').filter({ hasText: title });
  const showMore = page.getByRole('button', { name: 'Show more', exact: true });
  await expect(async () => {
    if ((await showMore.isVisible()) && (await showMore.isEnabled()))
      await showMore.click({ timeout: 1_000 });
    await expect(todo).toBeVisible({ timeout: 1_000 });
    await step(todo);
  }).toPass({ timeout: 15_000 });
}

test.describe('PAGE /todos', () => {
  test('creates, toggles and deletes a todo, and keeps it across a reload', async ({ page, request }) => {
    const title = `Water the plants ${randomUUID()}`;
    await page.goto('/todos');
    await expectHydrated(page);

    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/todos'),
    );
    await page.getByLabel('New todo', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const { id } = (await (await created).json()) as { id: string };
    await expect(page.getByLabel('New todo', { exact: true })).toHaveValue('');

    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().endsWith(`/api/v1/todos/${id}`),
    );
    await onTodo(page, title, (todo) => todo.getByRole('checkbox').check({ timeout: 1_000 }));
    expect((await saved).status()).toBe(200);
    const isChecked = (todo: Locator) => expect(todo.getByRole('checkbox')).toBeChecked({ timeout: 1_000 });
    await onTodo(page, title, isChecked);

    await page.reload();
    await expectHydrated(page);
    await onTodo(page, title, isChecked);

    const deleted = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && response.url().endsWith(`/api/v1/todos/${id}`),
    );
    await onTodo(page, title, (todo) =>
      todo.getByRole('button', { name: `Delete ${title}` }).click({ timeout: 1_000 }),
    );
    expect((await deleted).status()).toBe(204);
    await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
    // Gone on the server too, not only from the pages on screen.
    expect((await request.delete(`/api/v1/todos/${id}`)).status()).toBe(404);
  });

  test('shows the validation message for an empty title', async ({ page }) => {
    await page.goto('/todos');
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a title');
    await expect(page.getByLabel('New todo', { exact: true })).toHaveAccessibleDescription('Enter a title');
  });

  test('shows 20 todos, newest first, and the older ones page by page on "Show more"', async ({
    page,
    request,
  }) => {
    const tag = randomUUID();
    for (let n = 1; n <= 21; n += 1) {
      const created = await request.post('/api/v1/todos', { data: { title: `Paged ${n} ${tag}` } });
      expect(created.status()).toBe(201);
    }
    await page.goto('/todos');
    await expectHydrated(page);
    const todo = (n: number) => page.getByRole('listitem').filter({ hasText: `Paged ${n} ${tag}` });
    // A page of 20, which holds no room for the oldest: todos others add meanwhile only push it further down.
    await expect(page.getByRole('list').getByRole('listitem')).toHaveCount(20);
    await expect(todo(1)).toHaveCount(0);

    await onTodo(page, `Paged 1 ${tag}`);
    const newestFirst = Array.from({ length: 21 }, (_, i) => new RegExp(`Paged ${21 - i} ${tag}`));
    await expect(page.getByRole('listitem').filter({ hasText: tag })).toHaveText(newestFirst);
  });
});

test.describe('PAGE /todos, live', () => {
  test('shows a todo added and toggled in one tab in another without a reload', async ({ page, context }) => {
    const title = `Live ${randomUUID()}`;
    const other = await context.newPage();
    for (const tab of [page, other]) {
      const ready = tab.waitForResponse((response) => response.url().endsWith('/api/v1/todos/events'));
      await tab.goto('/todos');
      await expectHydrated(tab);
      expect((await ready).status()).toBe(200);
    }
    const navigations: string[] = [];
    other.on('framenavigated', (frame) => navigations.push(frame.url()));

    await page.getByLabel('New todo', { exact: true }).fill(title);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    // Within a second here; 5 s leaves room for a loaded machine.
    const item = other.getByRole('listitem').filter({ hasText: title });
    await expect(item).toBeVisible({ timeout: 5_000 });

    await onTodo(page, title, (todo) => todo.getByRole('checkbox').check({ timeout: 1_000 }));
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

test.describe('PAGE /todos, hydrated', () => {
  // A server of its own (and data of its own): no other test changes its list while the page loads.
  let server: ChildProcess;
  let origin: string;
  test.beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['test/support/serve-e2e.mjs'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    const hello = () =>
      fetch(`${origin}/api/v1/hello`).then(
        (response) => response.status,
        () => 0,
      );
    await expect.poll(hello, { timeout: 30_000 }).toBe(200);
  });
  test.afterAll(() => {
    server.kill('SIGTERM');
  });

  test('fetches the first page once, on the server: neither hydration nor the stream fetches it again', async ({
    page,
    request,
  }) => {
    const listFetches: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'GET' && new URL(sent.url()).pathname === '/api/v1/todos')
        listFetches.push(sent.url());
    });
    const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/v1/todos/events'));
    await page.goto(`${origin}/todos`);
    await expectHydrated(page);
    expect((await streamOpened).status()).toBe(200);

    // A change after the stream's `ready` fetches the list: a fetch on `ready` or hydration came before it.
    const title = `Hydrated ${randomUUID()}`;
    expect((await request.post(`${origin}/api/v1/todos`, { data: { title } })).status()).toBe(201);
    await expect(page.getByRole('listitem').filter({ hasText: title })).toBeVisible({ timeout: 5_000 });
    expect(listFetches).toEqual([`${origin}/api/v1/todos?limit=20`]);
  });
});
