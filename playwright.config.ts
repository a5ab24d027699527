import { defineConfig, devices } from '@playwright/test';

import { chromiumArgs, chromiumExecutable } from './test/support/chromium';

const port = Number(process.env['E2E_PORT'] ?? 4310);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './test/support/e2e-global-setup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  reporter: process.env['CI'] ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs() },
      },
    },
  ],
  webServer: {
    command: 'node test/support/serve-e2e.mjs',
    url: `http://127.0.0.1:${port}/api/v1/hello`,
    env: { PORT: String(port), HOST: '127.0.0.1' },
    reuseExistingServer: false,
    // Includes `vite build` when dist/ is missing or stale (~30 s alone, more on a loaded machine).
    timeout: 240_000,
  },
});
