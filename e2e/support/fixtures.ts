import { type Page, test as base, expect } from '@playwright/test';

/** Chromium's own log line for a 4xx answer, which the pages expect and handle (422, 404, 405). */
const handledClientError = /^Failed to load resource: the server responded with a status of 4\d\d /;

/**
 * `test` with one automatic check: any console error or uncaught page error during a
 * test fails that test. A 5xx answer still fails; a 4xx the page handles does not.
 * A test that breaks the network on purpose lists the lines it expects in `expectedConsoleErrors`.
 */
export const test = base.extend<{ pageErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  expectedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const expected = [handledClientError, ...expectedConsoleErrors];
      page.on('console', (message) => {
        if (message.type() === 'error' && !expected.some((line) => line.test(message.text()))) {
          errors.push(`console: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors and uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits, web-first, until Angular has hydrated the server-rendered page. The server marks each
 * element with a listener `jsaction` (event replay), and hydration removes the mark once the real
 * listener is attached. Before that, a click may reach only the server's plain HTML.
 */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator('[jsaction]')).toHaveCount(0);
}
