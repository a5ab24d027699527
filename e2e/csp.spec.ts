import type { Page } from '@playwright/test';

import { expect, test } from '../test/support/fixtures';

declare global {
  interface Window {
    __injected?: number;
    __clicked?: number;
  }
}

const injection =
  '<script>window.__injected = 1</script><button type="button" onclick="window.__clicked = 1">Injected</button>';

/** Serves `path` with the markup an attacker would inject, keeping the server's real headers. */
async function injectInto(page: Page, path: string) {
  await page.route(path, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<body>/, `<body>${injection}`);
    expect(html).toContain(injection);
    await route.fulfill({ response, body: html });
  });
}

/** Holds the app's entry module until `release()`, so the page stays un-hydrated meanwhile. */
async function holdHydration(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const { kind, path, heading } of [
  { kind: 'a server-rendered page', path: '/todos', heading: 'Todos' },
  { kind: 'a prerendered page', path: '/routes', heading: 'Route catalogue' },
]) {
  test(`on ${kind} (${path}), an injected <script> and onclick do not run, and the app still does`, async ({
    page,
    cspViolations,
  }) => {
    await injectInto(page, path);
    await page.goto(path);
    await page.getByRole('button', { name: 'Injected' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    // The app's own scripts did run: hydration reads and removes every `ngh` attribute.
    await expect(page.locator('[ngh]')).toHaveCount(0);
    expect(await page.evaluate(() => [window.__injected, window.__clicked])).toEqual([undefined, undefined]);
    // Blocked, and reported by the browser: the inline <script> and the inline handler.
    await expect
      .poll(() => cspViolations.filter((line) => line.startsWith('CSP violation:')).sort())
      .toEqual([
        'CSP violation: script-src-attr blocked inline',
        'CSP violation: script-src-elem blocked inline',
      ]);
    cspViolations.length = 0;
  });
}

test('a click made before hydration on a prerendered page is replayed after it', async ({ page }) => {
  const release = await holdHydration(page);
  await page.goto('/routes', { waitUntil: 'commit' });
  const button = page.getByRole('button', { name: 'Try it: GET /api/v1/hello', exact: true });
  await button.click();
  await expect(page.getByRole('status')).toHaveCount(0);
  release();
  const row = page.getByRole('row').filter({ has: button });
  await expect(row.getByRole('status')).toContainText('200 OK');
});
