// Serves the production build for Playwright with a throw-away data folder,
// so an e2e run never reads or leaves records in the developer's `.data/`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'analog-api-routes-e2e-'));
const server = spawn(process.execPath, ['dist/analog/server/index.mjs'], {
  stdio: 'inherit',
  env: {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    // Every e2e test signs its accounts up from 127.0.0.1 (see test/support/server.ts).
    SIGN_UPS_PER_HOUR: '1000000',
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
