import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The framework internals this app relies on. Each is used in exactly one source file, whose
 * comment says `Private API (checked against <package>@<version>)`. An upgrade of that package
 * fails here until someone re-checks the internal and updates the comment.
 */
const privateApis = [
  {
    name: "h3's raw body symbol `Symbol.for('h3RawBody')`",
    usage: /h3RawBody/,
    source: 'h3/dist/index.mjs',
    internal: 'Symbol.for("h3RawBody")',
  },
  {
    name: "Analog's page endpoint URL `/_analog/pages/`",
    usage: /\/_analog\/pages\//,
    source: '@analogjs/vite-plugin-nitro/src/lib/utils/get-page-handlers.js',
    internal: "route: `${hasAPIDir ? '/api' : ''}/_analog${route}`",
  },
  {
    name: "renderStream's inline scripts, which the page policy gives the nonce",
    usage: /__analogPaint/,
    source: '@analogjs/router/fesm2022/analogjs-router-server.mjs',
    internal: [
      '`<script>${DEFER_RECONCILE_RUNTIME}</script>` +\n                        `<div data-analog-stream></div>`',
      '`<script>window.__analogPaint&&window.__analogPaint(${JSON.stringify(id)})</script>`',
      '`<script>window.__analogReconcileHead&&window.__analogReconcileHead();` +\n                            `window.__analogFinalize&&window.__analogFinalize()</script>` +\n                            `</body></html>`',
      'const DEFER_RECONCILE_RUNTIME = /* js */ `\n(function () {\n  function region() {',
    ],
  },
  {
    name: "db0's better-sqlite3 connector: its name `sqlite` and `getInstance()` answering the driver's connection",
    usage: /connector\.name !== 'sqlite'/,
    source: 'db0/dist/connectors/better-sqlite3.mjs',
    internal: [
      'name: "sqlite"',
      'getInstance: () => getDB()',
      'prepare: (sql) => new StatementWrapper(() => getDB().prepare(sql))',
    ],
  },
  {
    name: "db0's node:sqlite connector: its name `node-sqlite` and `getInstance()` answering the driver's connection",
    usage: /connector\.name !== 'node-sqlite'/,
    source: 'db0/dist/connectors/node-sqlite.mjs',
    internal: [
      'name: "node-sqlite"',
      'getInstance: () => getDB()',
      'prepare: (sql) => new StatementWrapper(() => getDB().prepare(sql))',
    ],
  },
  {
    name: "crossws's node upgrade request `_req`, Node's own request",
    usage: /\._req\b|_req\?:/,
    source: 'crossws/dist/adapters/node.mjs',
    internal: [
      'class NodeReqProxy {\n  _req;',
      'const request = new NodeReqProxy(nodeReq);\n      const { upgradeHeaders, endResponse, context } = await hooks.upgrade(request);',
    ],
  },
];

/** Source files of the app, tests and type declarations left out. */
const sourceFiles = ['src', 'test/support']
  .flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`),
  )
  .filter((file) => /\.(ts|mjs)$/.test(file) && !/\.(spec|test-d|d)\.ts$/.test(file));

const packageDir = (source: string) =>
  source
    .split('/')
    .slice(0, source.startsWith('@') ? 2 : 1)
    .join('/');
/** Read from node_modules, not resolved: db0's `exports` hide its package.json. */
const installedVersion = (source: string) =>
  (
    JSON.parse(readFileSync(join(root, 'node_modules', packageDir(source), 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
const packageFile = (source: string) => readFileSync(join(root, 'node_modules', source), 'utf8');

describe.each(privateApis)('private API: $name', ({ usage, source, internal }) => {
  const users = sourceFiles.filter((file) => usage.test(readFileSync(join(root, file), 'utf8')));

  it('is used in exactly one source file', () => {
    expect(users).toHaveLength(1);
  });

  it('is checked against the installed version of its package', () => {
    const comment = /Private API \(checked against (\S+)@(\d[\w.-]*)\)/.exec(
      readFileSync(join(root, users[0] ?? ''), 'utf8'),
    );
    expect(comment, `${users[0]} has a "Private API (checked against …)" comment`).not.toBeNull();
    expect(
      `${comment?.[1]}@${comment?.[2]}`,
      're-check the internal after an upgrade, then update the comment',
    ).toBe(`${packageDir(source)}@${installedVersion(source)}`);
  });

  it('still exists in the installed package', () => {
    for (const text of [internal].flat()) expect(packageFile(source)).toContain(text);
  });
});
