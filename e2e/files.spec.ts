import { expect, expectHydrated, test } from '../test/support/fixtures';

/** A real 1×1 PNG, so the browser decodes and shows it. */
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const fileLabel = 'File (PNG, JPEG, WebP, GIF or PDF, up to 5 MiB)';

test.describe('PAGE /files', () => {
  test('uploads an image and shows it from the download route', async ({ page }) => {
    const name = `pixel-${test.info().testId}.png`;
    await page.goto('/files');
    await expectHydrated(page);

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
  });

  test('shows why a file whose bytes are not an allowed type is refused', async ({ page }) => {
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
