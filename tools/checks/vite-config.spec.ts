import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const config = readFileSync(fileURLToPath(new URL('../../vite.config.ts', import.meta.url)), 'utf8');

// The app's own settings only, as Analog's apps/analog-app: the bench's and the tests' variants
// extend it from vite.config.bench.ts and vite.config.cluster.ts, the runtime config's defaults
// live in src/server/runtime-config.ts.
describe('vite.config.ts', () => {
  it('stays within 80 lines', () => {
    expect(config.trimEnd().split('\n').length).toBeLessThanOrEqual(80);
  });

  it('reads no environment variable: a variant is a config file of its own', () => {
    expect(config).not.toMatch(/process\.env/);
  });
});
