import { chromium } from '@playwright/test';

import { ensureBuild } from './build';
import { chromiumExecutable } from './chromium';

/** Fails fast, in one line, when no browser is installed, then builds the app if needed. */
export default async function globalSetup() {
  const executablePath = chromiumExecutable();
  if (!executablePath && !chromium.executablePath()) {
    throw new Error(
      'No Chromium found: run `apt-get install -y chromium` or set PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH.',
    );
  }
  ensureBuild();
}
