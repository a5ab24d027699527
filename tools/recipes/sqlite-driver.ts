// Which SQLite driver the database recipe gives an app. The server picks its driver when it starts
// (src/server/lib/db/sqlite-driver.ts): Node's own node:sqlite from 24.15, else better-sqlite3. So the app
// needs better-sqlite3, a native addon its install script builds, only when its `engines.node` lets it run
// on an older Node; `add` leaves the package out otherwise, and says which driver the app got and why.
import { nodeAtLeast, quietNodeSqlite } from '../../src/server/lib/db/sqlite-driver';
import { parsePackageJson } from './edits';
import type { Manifest } from './manifest';

const addon = 'better-sqlite3';

/**
 * The lowest Node version an `engines.node` range admits: `>=22.22.3` → 22.22.3, `^20.19.0 || ^24.11.0`
 * → 20.19.0, `24.x` → 24.0.0; 0.0.0 when a part of it sets no lower bound (`*`, `<26`). Only as far as
 * this question needs it: `>1.2.3` counts from 1.2.3 itself, which can only keep better-sqlite3.
 */
export function lowestNode(range: string): string {
  const lows = range.split('||').map((alternative) => {
    const comparators = alternative
      .replace(/\s+-\s+\S+/, '') // a hyphen range's upper end
      .replace(/(<=|>=|<|>|=|\^|~)\s+/g, '$1')
      .trim()
      .split(/\s+/);
    const bounds = comparators.flatMap((comparator) => {
      const [, operator = '', major, minor = '0', patch = '0'] =
        /^(<=|>=|<|>|=|\^|~)?v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(comparator) ?? [];
      return major === undefined || operator.startsWith('<') ? [] : [`${major}.${minor}.${patch}`];
    });
    return bounds.reduce((highest, bound) => (nodeAtLeast(bound, highest) ? bound : highest), '0.0.0');
  });
  return lows.reduce((lowest, low) => (nodeAtLeast(low, lowest) ? lowest : low));
}

/**
 * The manifest for this app: without better-sqlite3 in any recipe's packages when every Node the app's
 * `engines.node` admits runs node:sqlite, and the one line that says which driver the app gets and why.
 */
export function forApp(
  manifest: Manifest,
  packageJson: string | undefined,
): { manifest: Manifest; driver: string } {
  const range = packageJson === undefined ? undefined : parsePackageJson(packageJson)['engines']?.['node'];
  const lowest = typeof range === 'string' ? lowestNode(range) : undefined;
  if (lowest !== undefined && nodeAtLeast(lowest, quietNodeSqlite)) {
    const recipes = manifest.recipes.map((recipe) => ({
      ...recipe,
      packages: Object.fromEntries(Object.entries(recipe.packages).filter(([name]) => name !== addon)),
    }));
    return {
      manifest: { ...manifest, recipes },
      driver: `SQLite driver: node:sqlite, built into Node, as engines.node "${range}" runs the app on Node ${quietNodeSqlite} or later: no ${addon}, no install script.`,
    };
  }
  const why =
    lowest === undefined
      ? 'package.json sets no engines.node, so the app may run on any Node'
      : `engines.node "${range}" admits Node ${lowest}`;
  return {
    manifest,
    driver: `SQLite driver: ${addon} (a native addon its install script builds) below Node ${quietNodeSqlite}, node:sqlite from it, as ${why}; engines.node ">=${quietNodeSqlite}" needs no addon.`,
  };
}

/** Whether a recipe among `recipes` brings SQLite: lists its addon in the cookbook's `manifest`. */
export const bringsSqlite = (manifest: Manifest, recipes: { name: string }[]) =>
  recipes.some(({ name }) => manifest.recipes.find((recipe) => recipe.name === name)?.packages[addon]);
