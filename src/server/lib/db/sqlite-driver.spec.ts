import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

import { nodeAtLeast, sqliteDriver } from './sqlite-driver';

describe('sqliteDriver', () => {
  it.each([
    ['20.19.0', 'better-sqlite3'], // no node:sqlite
    ['22.22.3', 'better-sqlite3'], // node:sqlite logs an ExperimentalWarning when it loads
    ['24.14.1', 'better-sqlite3'],
    ['24.15.0', 'node-sqlite'], // a release candidate, loaded without a warning
    ['24.21.0', 'node-sqlite'],
    ['26.10.0', 'node-sqlite'],
  ])('picks, on Node %s, %s', (version, driver) => {
    expect(sqliteDriver(version)).toBe(driver);
  });

  it('picks node:sqlite on this Node exactly when Node has it and loads it without a warning', () => {
    const { stdout, stderr } = spawnSync(
      process.execPath,
      ['-e', "process.stdout.write(String(!!process.getBuiltinModule?.('node:sqlite')))"],
      { encoding: 'utf8' },
    );
    expect(stdout === 'true' && stderr === '', stderr).toBe(sqliteDriver() === 'node-sqlite');
  });
});

describe('nodeAtLeast', () => {
  it('compares major, then minor, then patch, as numbers', () => {
    expect(nodeAtLeast('24.15.0', '24.15.0')).toBe(true);
    expect(nodeAtLeast('24.100.0', '24.15.0')).toBe(true);
    expect(nodeAtLeast('24.9.9', '24.15.0')).toBe(false);
    expect(nodeAtLeast('25.0.0', '24.15.0')).toBe(true);
    expect(nodeAtLeast('24.15', '24.15.0')).toBe(true);
    expect(nodeAtLeast('24.14.99', '24.15.0')).toBe(false);
  });
});
