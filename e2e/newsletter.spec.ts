import type { Page } from '@playwright/test';

import { expect, expectHydrated, test } from '../test/support/fixtures';

async function signUp(page: Page, fields: { name: string; email: string }) {
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

test.describe('PAGE /newsletter (hydrated, through FormAction)', () => {
  test('shows the 422 issues beside their fields and stays on the page', async ({ page }) => {
    await page.goto('/newsletter');
    await expectHydrated(page);
    await signUp(page, { name: '', email: 'not-an-email' });
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Enter your name');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/newsletter');
  });

  test('follows the 303 to /subscribed after a valid sign-up', async ({ page }) => {
    await page.goto('/newsletter');
    await expectHydrated(page);
    await signUp(page, { name: 'Ada', email: `ada+${test.info().testId}@example.com` });
    await expect(page).toHaveURL('/subscribed');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're subscribed");
  });
});

test.describe('PAGE /newsletter (connection lost)', () => {
  test.use({ expectedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

  test('shows a visible message when the action gets no answer at all', async ({ page }) => {
    await page.goto('/newsletter');
    await expectHydrated(page);
    await page.route('**/*', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
    );
    await signUp(page, { name: 'Ada', email: 'ada@example.com' });
    await expect(page.getByRole('alert')).toHaveText('Could not sign you up. Please try again.');
    await expect(page).toHaveURL('/newsletter');
  });
});

test.describe('PAGE /newsletter (JavaScript disabled)', () => {
  test.use({ javaScriptEnabled: false });

  test('shows only its own messages, picked by code, never text from the link', async ({ page }) => {
    await page.goto(
      '/newsletter?error.form=Your%20account%20is%20suspended&error.email=Your%20card%20expired',
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('suspended')).toHaveCount(0);
    await expect(page.getByText('expired')).toHaveCount(0);
    await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid');
    await page.goto('/newsletter?error.email=email-invalid');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
  });

  test('shows the field errors after a plain form post, then succeeds', async ({ page }) => {
    await page.goto('/newsletter');
    await signUp(page, { name: 'Ada', email: 'nope' });
    await expect(page).toHaveURL(/\/newsletter\?error\.email=email-invalid$/);
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid');

    await signUp(page, { name: 'Ada', email: 'ADA@example.com ' });
    await expect(page).toHaveURL('/subscribed');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're subscribed");
  });
});
