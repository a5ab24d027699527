import { existsSync } from 'node:fs';

const debianChromium = '/usr/bin/chromium';

/**
 * The Chromium Playwright drives: `PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH`, else Debian's
 * `/usr/bin/chromium`, else Playwright's own managed browser (`undefined`).
 * Nothing here downloads a browser.
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env['PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH'];
  if (fromEnv) return fromEnv;
  return existsSync(debianChromium) ? debianChromium : undefined;
}

/** Chromium refuses to start as root inside its sandbox, so only root gets `--no-sandbox`. */
export function chromiumArgs(): string[] {
  const asRoot = process.getuid?.() === 0;
  return [
    ...(asRoot ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
}
