/** The first Node whose `node:sqlite` loads without an `ExperimentalWarning` (22 and 23 warn; 20 has none). */
export const quietNodeSqlite = '24.15.0';

/** Whether Node `version` (`24.21.0`) is `since` or later. */
export function nodeAtLeast(version: string, since: string): boolean {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  const [sinceMajor = 0, sinceMinor = 0, sincePatch = 0] = since.split('.').map(Number);
  return (major - sinceMajor || minor - sinceMinor || patch - sincePatch) >= 0;
}

/**
 * The SQLite driver, by its db0 connector, chosen here alone (docs/data.md, "Which SQLite driver"): Node's own
 * `node:sqlite` from 24.15, nothing to install; before it better-sqlite3, a native addon. Both run the same SQL.
 */
export const sqliteDriver = (version = process.versions.node): 'node-sqlite' | 'better-sqlite3' =>
  nodeAtLeast(version, quietNodeSqlite) ? 'node-sqlite' : 'better-sqlite3';
