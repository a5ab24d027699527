import type { Page } from '@playwright/test';

import { expect, expectHydrated, test } from '../test/support/fixtures';

const password = 'correct horse battery';
const uniqueEmail = () => `${crypto.randomUUID()}@example.com`;

async function fillCredentials(page: Page, email: string, name?: string) {
  await page.getByLabel('Email').fill(email);
  if (name !== undefined) await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Password').fill(password);
}

/** Sign up, sign out, sign in, see /account, rename, sign out, and be sent back to sign in. */
async function fullJourney(page: Page, hydrated: boolean) {
  const email = uniqueEmail();
  const ready = () => (hydrated ? expectHydrated(page) : Promise.resolve());

  await page.goto('/account');
  await expect(page).toHaveURL('/sign-in?next=%2Faccount');
  await ready();
  await page.getByRole('link', { name: 'Create one' }).click();
  await expect(page).toHaveURL(/\/sign-up\?next=%2Faccount$/);
  await ready();
  await fillCredentials(page, email, 'Ada');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(page.getByText(`Signed in as Ada (${email}).`)).toBeVisible();

  await ready();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in');

  await ready();
  await fillCredentials(page, email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/account');
  await ready();
  await page.getByLabel('Display name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText(`Signed in as Ada Lovelace (${email}).`)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/sign-in');
  await page.goto('/account');
  await expect(page).toHaveURL('/sign-in?next=%2Faccount');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
}

test.describe('PAGE /account (hydrated, through FormAction)', () => {
  test('signs up, signs in, renames, signs out and is sent back to sign in', async ({ page }) => {
    await fullJourney(page, true);
  });
});

test.describe('PAGE /account (JavaScript disabled)', () => {
  test.use({ javaScriptEnabled: false });

  test('signs up, signs in, renames, signs out and is sent back to sign in', async ({ page }) => {
    await fullJourney(page, false);
  });
});

test.describe('PAGE /sign-in (hydrated, through FormAction)', () => {
  test('shows a wrong password as one message over the form and stays on the page', async ({ page }) => {
    await page.goto('/sign-in');
    await expectHydrated(page);
    await fillCredentials(page, uniqueEmail());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email or password is wrong');
    await expect(page).toHaveURL('/sign-in');
  });
});

test.describe('PAGE /sign-up (JavaScript disabled)', () => {
  test.use({ javaScriptEnabled: false });

  test('shows field errors after a plain form post and keeps next', async ({ page }) => {
    await page.goto('/sign-up?next=%2Faccount');
    await fillCredentials(page, 'not-an-email', 'Ada');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/sign-up\?error\.email=.*&next=%2Faccount$/);
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address');
  });
});

test.describe('PAGE /sign-in (open redirects)', () => {
  /** An account made through the API, so each test signs in through the page. */
  async function account(page: Page) {
    const email = uniqueEmail();
    const response = await page.request.post('/api/v1/auth/sign-up', {
      data: { email, name: 'Eve', password },
    });
    expect(response.status()).toBe(201);
    return email;
  }

  for (const next of ['//evil.example', 'https://evil.example/account', '/\\evil.example']) {
    test(`lands on / after signing in with next=${next}`, async ({ page }) => {
      const email = await account(page);
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      await expectHydrated(page);
      await fillCredentials(page, email);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL('/');
    });
  }

  test('lands on / with JavaScript disabled too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = await account(page);
    await page.goto(`/sign-in?next=${encodeURIComponent('//evil.example')}`);
    await fillCredentials(page, email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    await context.close();
  });
});
