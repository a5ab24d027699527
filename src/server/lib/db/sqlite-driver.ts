/**
 * The first Node whose own `node:sqlite` loads without an `ExperimentalWarning` in the log: 24.15 made it a
 * release candidate. Node 22 and 23 have it but warn when it loads; Node 20 has none.
 */
export const quietNodeSqlite = '24.15.0';

/** Whether Node `version` (`24.21.0`) is `since` or later. */
export function nodeAtLeast(version: string, since: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  const [sinceMajor = 0, sinceMinor = 0, sincePatch = 0] = since.split('.').map(Number);
  return (major - sinceMajor || minor - sinceMinor || patch - sincePatch) >= 0;
}

/**
 * The SQLite driver, by the db0 connector that loads it; the one place that chooses it. Node's own
 * `node:sqlite` from 24.15: nothing to install, so no install script, and no native teardown (better-sqlite3
 * 12 on Node 24 can abort the process when the garbage collector finalizes one of its objects). Before
 * that, better-sqlite3, a native addon its install script builds. The SQL is the same for both.
 */
export const sqliteDriver = (version = process.versions.node): 'node-sqlite' | 'better-sqlite3' =>
  nodeAtLeast(version, quietNodeSqlite) ? 'node-sqlite' : 'better-sqlite3';
