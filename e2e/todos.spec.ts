import { expect, expectHydrated, test } from '../test/support/fixtures';

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
    await expect(page.getByRole('listitem').filter({ hasText: title }).getByRole('checkbox')).toBeChecked();

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
});
