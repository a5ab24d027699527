// The app's production build on another Node.js line, for the bench's Node 20 / Node 24 pair.
// The JavaScript of a build runs on any supported line; only better-sqlite3's native addon is
// tied to the line it was compiled for. So the build is copied and that one file is compiled
// again, against the other line's own headers (the official build from the npm registry,
// fetched by .ci/node-line).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { root } from './servers.mjs';

const addon = 'better-sqlite3/build/Release/better_sqlite3.node';
const nodeGyp = join(
  dirname(process.execPath),
  '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
);

/**
 * The folder of the official Node.js build `version`, fetched once.
 * @param {string} version such as '24.21.0'
 */
export function nodeLine(version) {
  return execFileSync('bash', [join(root, '.ci/node-line'), version], { encoding: 'utf8' }).trim();
}

/**
 * A copy of `dist/analog` whose better-sqlite3 addon is built for the Node.js in `nodeDir`;
 * returns the copy's server entry. Made again whenever `dist/analog` is newer than the copy.
 * @param {string} nodeDir
 */
export function buildForLine(nodeDir) {
  const version = execFileSync(join(nodeDir, 'bin/node'), ['--version'], { encoding: 'utf8' }).trim();
  const source = join(root, 'dist/analog');
  const copy = join(root, `dist/analog-${version}`);
  const entry = join(copy, 'server/index.mjs');
  if (existsSync(entry) && statSync(entry).mtimeMs >= statSync(join(source, 'server/index.mjs')).mtimeMs) {
    return entry;
  }
  const work = mkdtempSync(join(tmpdir(), 'better-sqlite3-'));
  try {
    const addonSource = join(root, 'node_modules/better-sqlite3');
    cpSync(addonSource, work, { recursive: true, filter: (path) => path !== join(addonSource, 'build') });
    execFileSync(join(nodeDir, 'bin/node'), [nodeGyp, 'rebuild', '--release', `--nodedir=${nodeDir}`], {
      cwd: work,
      // Under `npm run bench`, npm hands node-gyp its own `nodedir` setting (npm_config_nodedir, from
      // ~/.npmrc or the default), which won over --nodedir and built the addon for this Node.js instead.
      env: { ...process.env, npm_config_nodedir: nodeDir },
      stdio: 'ignore',
    });
    rmSync(copy, { recursive: true, force: true });
    cpSync(source, copy, { recursive: true });
    copyFileSync(join(work, 'build/Release/better_sqlite3.node'), join(copy, 'server/node_modules', addon));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return entry;
}
