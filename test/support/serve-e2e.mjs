// Builds the app when stale, then serves the production build for Playwright with a throw-away
// data folder, so an e2e run never reads or leaves records in the developer's `.data/`.
// The build happens here, not in globalSetup: Playwright starts its webServer before globalSetup,
// so a build there came too late (no dist/: the server could not start; a stale one: the old build served).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJiti } from 'jiti';

const { ensureBuild } = await createJiti(import.meta.url).import('./build.ts');
ensureBuild();

const dataDir = mkdtempSync(join(tmpdir(), 'analog-api-routes-e2e-'));
const server = spawn(process.execPath, ['dist/analog/server/index.mjs'], {
  stdio: 'inherit',
  env: {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    // Every e2e test signs its accounts up from 127.0.0.1 (see test/support/server.ts).
    SIGN_UPS_PER_HOUR: '1000000',
    TODOS_MAX: '1000000',
    // e2e/reviews.spec.ts gives a visitor an address of its own in X-Forwarded-For, as a proxy would.
    TRUST_PROXY: '1',
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
