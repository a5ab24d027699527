import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

import { chromiumExecutable } from './chromium';

/** Stops in one line, not a stack trace, when there is no browser (the webServer command builds the app). */
export default async function globalSetup() {
  let executablePath: string | undefined;
  try {
    executablePath = chromiumExecutable() ?? chromium.executablePath();
  } catch (error) {
    executablePath = undefined;
    console.error((error as Error).message);
  }
  if (!executablePath || !existsSync(executablePath)) {
    console.error(
      'No Chromium found: run `apt-get install -y chromium`, or set PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
}
