import { expect, expectHydrated, test } from '../test/support/fixtures';

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

test.describe('PAGE /page-cache', () => {
  test('shows the same render time on a reload within its max-age, each response with a fresh nonce', async ({
    page,
  }) => {
    // Twice at most: a first visit near the end of a copy's 10 s (another test cached it) sees a fresh render on reload.
    await expect(async () => {
      const first = await page.goto('/page-cache');
      await expectHydrated(page);
      const renderedAt = await page.locator('time').getAttribute('datetime');
      expect(Number.isNaN(Date.parse(renderedAt ?? ''))).toBe(false);

      const second = await page.reload();
      await expectHydrated(page);
      expect(await page.locator('time').getAttribute('datetime')).toBe(renderedAt);
      const nonces = [first, second].map((response) =>
        nonceOf(response?.headers()['content-security-policy']),
      );
      expect(nonces[0]).toBeTruthy();
      expect(nonces[1]).toBeTruthy();
      expect(nonces[1]).not.toBe(nonces[0]);
    }).toPass({ timeout: 30_000 });
  });
});
