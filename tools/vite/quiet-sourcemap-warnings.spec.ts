import { createLogger } from 'vite';
import { describe, expect, it, vi } from 'vitest';

import { isPackageSourcemapWarning, quietSourcemapWarnings } from './quiet-sourcemap-warnings';

const chunk = '/app/node_modules/@angular/platform-server/fesm2022/_server-chunk.mjs';
const outside = `\u001b[33mSourcemap for "${chunk}" points to a source file outside its package: "/**\\n * @license"\u001b[39m`;
const missing = `Sourcemap for "${chunk}" points to missing source files`;

describe('isPackageSourcemapWarning', () => {
  it("matches both of Vite's sourcemap warnings for a listed package, colours or not", () => {
    expect(isPackageSourcemapWarning(outside, ['@angular/platform-server'])).toBe(true);
    expect(isPackageSourcemapWarning(missing, ['@angular/platform-server'])).toBe(true);
  });

  it('keeps the same warning about any other package, or the app itself', () => {
    expect(
      isPackageSourcemapWarning(missing.replace('platform-server', 'core'), ['@angular/platform-server']),
    ).toBe(false);
    expect(
      isPackageSourcemapWarning('Sourcemap for "/app/src/main.ts" points to missing source files', ['x']),
    ).toBe(false);
  });

  it('keeps any other warning that merely names the package', () => {
    expect(isPackageSourcemapWarning(`Failed to load ${chunk}`, ['@angular/platform-server'])).toBe(false);
  });
});

describe('quietSourcemapWarnings', () => {
  it('drops the listed warnings and passes every other line to the output', () => {
    const output = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const logger = quietSourcemapWarnings(
      ['@angular/platform-server'],
      createLogger('warn', { allowClearScreen: false }),
    );
    logger.warnOnce(outside);
    logger.warn(missing);
    logger.warn('the app says hello');
    expect(output.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining('the app says hello'),
    ]);
    expect(logger.hasWarned).toBe(true);
    output.mockRestore();
  });
});
