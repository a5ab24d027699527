import { type Page, test as base, expect } from '@playwright/test';

/** Chromium's own log line for a 4xx answer, which the pages expect and handle (422, 404, 405). */
const handledClientError = /^Failed to load resource: the server responded with a status of 4\d\d /;

/** What the init script below logs for each `securitypolicyviolation` event. */
const violationPrefix = 'CSP violation:';
/** Chromium's own console line for a blocked script, style, frame or connection. */
const chromiumCspMessage = /Content Security Policy/i;

/**
 * `test` with automatic checks:
 * - any console error or uncaught page error fails the test (a 4xx the page handles does not);
 *   a test that breaks the network on purpose lists the lines it expects in `expectedConsoleErrors`;
 * - any Content-Security-Policy violation fails it, whether the page reports it through a
 *   `securitypolicyviolation` event or Chromium logs it to the console. A test that provokes
 *   violations on purpose asserts them through `cspViolations` and then empties it.
 */
export const test = base.extend<{
  cspViolations: string[];
  pageErrors: string[];
  expectedConsoleErrors: RegExp[];
}>({
  expectedConsoleErrors: [[], { option: true }],
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.addInitScript((prefix) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.warn(`${prefix} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      }, violationPrefix);
      page.on('console', (message) => {
        const text = message.text();
        if (text.startsWith(violationPrefix) || chromiumCspMessage.test(text)) violations.push(text);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const expected = [handledClientError, ...expectedConsoleErrors];
      page.on('console', (message) => {
        const text = message.text();
        if (
          message.type() !== 'error' ||
          chromiumCspMessage.test(text) ||
          expected.some((line) => line.test(text))
        )
          return;
        errors.push(`console: ${text}`);
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
