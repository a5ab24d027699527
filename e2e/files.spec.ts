import type { Page } from '@playwright/test';

import { expect, expectHydrated, test } from '../test/support/fixtures';

/** A real 1×1 PNG, so the browser decodes and shows it. */
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const fileLabel = 'File (PNG, JPEG, WebP, GIF or PDF, up to 5 MiB)';

/** Signs a new account up through the API; the page shares its cookie. */
async function signUp(page: Page) {
  const response = await page.request.post('/api/v1/auth/sign-up', {
    data: { email: `${crypto.randomUUID()}@example.com`, name: 'Ada', password: 'correct horse battery' },
  });
  expect(response.status()).toBe(201);
}

/** Uploads the pixel as `name` through the API, as the signed-in account of `page`. */
async function uploadPixel(page: Page, name: string) {
  const response = await page.request.post('/api/v1/files', {
    multipart: { file: { name, mimeType: 'image/png', buffer: pixel } },
  });
  expect(response.status()).toBe(201);
}

const uniqueName = () => `pixel-${crypto.randomUUID()}.png`;

test.describe('PAGE /files', () => {
  test('signed out, offers a link to sign in and no upload form', async ({ page }) => {
    await page.goto('/files');
    await expectHydrated(page);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/sign-in?next=%2Ffiles',
    );
    await expect(page.getByLabel(fileLabel)).toHaveCount(0);
  });

  test('uploads an image, shows it from the download route, and deletes it', async ({ page }) => {
    await signUp(page);
    const name = uniqueName();
    await page.goto('/files');
    await expectHydrated(page);
    await expect(page.getByText('No files yet.')).toBeVisible();

    await page.getByLabel(fileLabel).setInputFiles({ name, mimeType: 'image/png', buffer: pixel });
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/files'));
    await page.getByRole('button', { name: 'Upload' }).click();
    expect((await saved).status()).toBe(201);

    const image = page.getByRole('img', { name });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
    await expect(page.getByRole('link', { name })).toHaveAttribute(
      'href',
      /^\/api\/v1\/files\/[0-9a-f-]{36}$/,
    );

    const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    expect((await deleted).status()).toBe(204);
    await expect(page.getByRole('img', { name })).toHaveCount(0);
    await expect(page.getByText('No files yet.')).toBeVisible();
  });

  test("lists only the signed-in account's own files", async ({ page, browser }) => {
    const theirs = uniqueName();
    const other = await browser.newPage();
    await signUp(other);
    await uploadPixel(other, theirs);
    await other.close();

    await signUp(page);
    const mine = uniqueName();
    await uploadPixel(page, mine);
    await page.goto('/files');
    await expect(page.getByRole('link', { name: mine })).toBeVisible();
    await expect(page.getByRole('link', { name: theirs })).toHaveCount(0);
  });

  test('shows the account signed in now, never a list cached for the one before', async ({ page }) => {
    await signUp(page);
    const earlier = uniqueName();
    await uploadPixel(page, earlier);
    await page.goto('/files');
    await expectHydrated(page);
    await expect(page.getByRole('link', { name: earlier })).toBeVisible();

    await page.getByRole('link', { name: 'Todos' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Todos');
    // Another account signs in, in the same tab; the app is not reloaded.
    await signUp(page);
    await page.getByRole('link', { name: 'Files' }).click();
    await expect(page.getByText('No files yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: earlier })).toHaveCount(0);
  });

  test('shows why a file whose bytes are not an allowed type is refused', async ({ page }) => {
    await signUp(page);
    await page.goto('/files');
    await expectHydrated(page);
    await page
      .getByLabel(fileLabel)
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Send a PNG, JPEG, WebP, GIF or PDF file as multipart/form-data',
    );
  });
});

test.describe('PAGE /files without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('lists your files in the first render and deletes one with a plain form post', async ({ page }) => {
    await signUp(page);
    const [kept, removed] = [uniqueName(), uniqueName()];
    await uploadPixel(page, kept);
    await uploadPixel(page, removed);

    await page.goto('/files');
    await expect(page.getByRole('link', { name: removed })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${removed}` }).click();

    await expect(page).toHaveURL('/files');
    await expect(page.getByRole('link', { name: kept })).toBeVisible();
    await expect(page.getByRole('link', { name: removed })).toHaveCount(0);
  });
});
