import { test as base, expect } from '@playwright/test';

/** Chromium's own log line for a 4xx answer, which the pages expect and handle (422, 404, 405). */
const handledClientError = /^Failed to load resource: the server responded with a status of 4\d\d /;

/** What the init script below logs for each `securitypolicyviolation` event. */
const violationPrefix = 'CSP violation:';
/** Chromium's own console line for a blocked script, style, frame or connection. */
const chromiumCspMessage = /Content Security Policy/i;

/**
 * `test` with two automatic checks:
 * - any console error or uncaught page error fails the test (a 4xx the page handles does not);
 * - any Content-Security-Policy violation fails it, whether the page reports it through a
 *   `securitypolicyviolation` event or Chromium logs it to the console. A test that provokes
 *   violations on purpose asserts them through `cspViolations` and then empties it.
 */
export const test = base.extend<{ cspViolations: string[]; pageErrors: string[] }>({
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
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() !== 'error' || handledClientError.test(text) || chromiumCspMessage.test(text))
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
