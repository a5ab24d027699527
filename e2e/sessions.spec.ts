import type { Browser, Page } from '@playwright/test';

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
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/sign-in');

  await ready();
  await fillCredentials(page, email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/account');
  await ready();
  await page.getByLabel('Display name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText(`Signed in as Ada Lovelace (${email}).`)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
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

test.describe('PAGE /sign-in (device cookie)', () => {
  test('leaves the browser a long-lived device cookie that no script can read', async ({ page, context }) => {
    const email = uniqueEmail();
    await page.goto('/sign-up');
    await expectHydrated(page);
    await fillCredentials(page, email, 'Ada');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/account');
    const device = (await context.cookies()).find((cookie) => cookie.name === 'device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Long-lived, unlike the session: it outlives a week away.
    expect(device!.expires * 1000).toBeGreaterThan(Date.now() + 170 * 24 * 60 * 60 * 1000);
    expect(await page.evaluate(() => document.cookie)).not.toContain('device=');
  });
});

test.describe('PAGE /sign-up (JavaScript disabled)', () => {
  test.use({ javaScriptEnabled: false });

  test('shows field errors after a plain form post and keeps next', async ({ page }) => {
    await page.goto('/sign-up?next=%2Faccount');
    await fillCredentials(page, 'not-an-email', 'Ada');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/sign-up?error.email=email-invalid&next=%2Faccount');
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

  const payloads = [
    '//evil.example',
    'https://evil.example/account',
    '/\\evil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/./\\evil.example',
  ];

  for (const next of payloads) {
    test(`lands on / after signing in with next=${next}`, async ({ page }) => {
      const email = await account(page);
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      await expectHydrated(page);
      await fillCredentials(page, email);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL('/');
    });
  }

  for (const next of payloads) {
    test(`lands on / with JavaScript disabled too, with next=${next}`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const email = await account(page);
      await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
      await fillCredentials(page, email);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL('/');
      await context.close();
    });
  }
});

test.describe('PAGE /sign-in (messages from the address)', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`shows no text from the query, only listed messages (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/sign-in?error.form=Your%20account%20is%20suspended');
      if (javaScriptEnabled) await expectHydrated(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByText('Your account is suspended')).toHaveCount(0);
      await page.goto('/sign-in?error.form=wrong-credentials');
      await expect(page.getByRole('alert')).toHaveText('Email or password is wrong');
      await context.close();
    });
  }
});

test.describe('PAGE /account (sessions)', () => {
  /** Signs up through the page in a new context and answers that context's page, on /account. */
  async function signedUpBrowser(browser: Browser, javaScriptEnabled: boolean, email = uniqueEmail()) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto('/sign-up?next=%2Faccount');
    if (javaScriptEnabled) await expectHydrated(page);
    await fillCredentials(page, email, 'Ada');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/account');
    return { context, page, email };
  }

  /** Signs `email` in through the page in a second, new context: another browser. */
  async function secondBrowser(browser: Browser, email: string, pass = password) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/sign-in?next=%2Faccount');
    await expectHydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(pass);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/account');
    return { context, page };
  }

  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? 'hydrated' : 'JavaScript disabled';

    test(`signs out everywhere: the other browser is sent to sign in (${mode})`, async ({ browser }) => {
      const first = await signedUpBrowser(browser, javaScriptEnabled);
      const second = await secondBrowser(browser, first.email);
      if (javaScriptEnabled) await expectHydrated(first.page);
      await first.page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(first.page).toHaveURL('/sign-in');
      await second.page.goto('/account');
      await expect(second.page).toHaveURL('/sign-in?next=%2Faccount');
      await Promise.all([first.context.close(), second.context.close()]);
    });

    test(`changes the password, stays signed in, and signs the other browser out (${mode})`, async ({
      browser,
    }) => {
      const first = await signedUpBrowser(browser, javaScriptEnabled);
      const second = await secondBrowser(browser, first.email);
      const { page } = first;
      if (javaScriptEnabled) await expectHydrated(page);
      await page.getByLabel('Current password').fill('not the password');
      await page.getByLabel('New password').fill('a new horse battery');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('alert')).toHaveText('Your current password is wrong');

      await page.getByLabel('Current password').fill(password);
      await page.getByLabel('New password').fill('a new horse battery');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'Password changed. You stay signed in here; every other session of your account has ended.',
      );
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.goto('/account');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
      await second.page.goto('/account');
      await expect(second.page).toHaveURL('/sign-in?next=%2Faccount');
      const again = await secondBrowser(browser, first.email, 'a new horse battery');
      await Promise.all([first.context.close(), second.context.close(), again.context.close()]);
    });
  }
});
