import type { Page } from '@playwright/test';

import { expect, expectHydrated, test } from '../test/support/fixtures';

async function fill(page: Page, fields: { name: string; email: string; message: string; topic?: string }) {
  await page.getByLabel('Name').fill(fields.name);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Message').fill(fields.message);
  if (fields.topic) await page.getByLabel('Topic').selectOption(fields.topic);
  await page.getByRole('button', { name: 'Send' }).click();
}

test.describe('PAGE /contact (hydrated)', () => {
  test('shows each field error next to its field', async ({ page }) => {
    await page.goto('/contact');
    await expectHydrated(page);
    await fill(page, { name: '', email: 'not-an-email', message: '' });
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Enter your name');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await expect(page.getByLabel('Message')).toHaveAccessibleDescription('Enter a message');
    await expect(page).toHaveURL('/contact');
  });

  test('shows no alert for text a link puts in ?error.form', async ({ page }) => {
    await page.goto('/contact?error.form=Your%20account%20is%20suspended');
    await expectHydrated(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('suspended')).toHaveCount(0);
  });

  test('confirms a valid message', async ({ page }) => {
    await page.goto('/contact');
    await expectHydrated(page);
    await fill(page, { name: 'Ada', email: 'ada@example.com', message: 'Hello', topic: 'press' });
    await expect(page.getByRole('status')).toHaveText('Thanks! Your message was sent.');
    await expect(page).toHaveURL('/contact');
  });
});

test.describe('PAGE /contact (connection lost)', () => {
  test.use({ expectedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

  test('shows a visible message when the request gets no answer at all', async ({ page }) => {
    await page.goto('/contact');
    await expectHydrated(page);
    await page.route('/api/v1/contact', (route) => route.abort('connectionreset'));
    await fill(page, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    await expect(page.getByRole('alert')).toHaveText(
      'Could not reach the server. Check your connection and try again.',
    );
  });
});

test.describe('PAGE /contact (JavaScript disabled)', () => {
  test.use({ javaScriptEnabled: false });

  test('shows field errors after a plain form post', async ({ page }) => {
    await page.goto('/contact');
    await fill(page, { name: 'Ada', email: 'nope', message: 'Hello' });
    await expect(page).toHaveURL(/\/contact\?error\.email=/);
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
  });

  test('shows only its own messages, picked by code, never text from the link', async ({ page }) => {
    await page.goto(
      '/contact?error.form=Your%20account%20is%20suspended&error.name=Call%20us%20now&error.email=email-invalid',
    );
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('');
    await expect(page.getByText('suspended')).toHaveCount(0);
    await expect(page.getByText('Call us now')).toHaveCount(0);
  });

  test('confirms a valid plain form post', async ({ page }) => {
    await page.goto('/contact');
    await fill(page, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    await expect(page).toHaveURL('/contact?sent=1');
    await expect(page.getByRole('status')).toHaveText('Thanks! Your message was sent.');
  });
});
