import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

import manifest from '../recipes/manifest.json';
import {
  type RecipeFacts,
  type SettingsSources,
  configReads,
  envName,
  envReads,
  projectSettings,
  settingsEnd,
  settingsRows,
  settingsStart,
  settingsTable,
} from './settings-table';

const root = fileURLToPath(new URL('../..', import.meta.url));
const recipes = manifest.recipes as RecipeFacts[];

describe("docs/deploy.md's settings table", () => {
  const { rows, problems } = settingsRows(projectSettings(root, recipes));

  it('describes every setting the code reads, and only those', () => {
    expect(problems).toEqual([]);
  });

  it('is the one `npm run readme` writes (run it after changing a setting)', () => {
    const deploy = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
    const generated = deploy.slice(
      deploy.indexOf(settingsStart) + settingsStart.length,
      deploy.indexOf(settingsEnd),
    );
    expect(generated.trim()).toBe(settingsTable(rows));
  });

  it('lists SESSION_SECRET first, as production refuses to start without it', () => {
    expect(rows[0]).toMatchObject({ env: 'SESSION_SECRET', recipes: ['[sessions](sessions.md)'] });
    expect(rows[0]!.meaning).toMatch(/^\*\*required in production\*\*/);
  });

  it("names each setting by Nitro's variable, its default from runtime-config.ts, and its recipe", () => {
    expect(rows.find(({ env }) => env === 'BUDGET_BODY_BYTES_PER_CALLER')).toMatchObject({
      default: '`10485760`',
      recipes: ['[request](security.md)'],
    });
    expect(rows.find(({ env }) => env === 'CSP_REPORT_ONLY')).toMatchObject({
      default: '`false`',
      recipes: ['[security](security.md)'],
    });
  });
});

describe('the settings check', () => {
  const project = mkdtempSync(join(tmpdir(), 'settings-table-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  const reader: RecipeFacts = {
    name: 'uploads',
    docs: 'docs/uploads.md',
    files: [{ path: 'src/server/lib/uploads/quota.ts' }],
    runtimeConfigKeys: ['uploads'],
    config: {},
  };
  const sources = (over: Partial<SettingsSources>): SettingsSources => ({
    configs: [
      {
        file: 'src/server/runtime-config.ts',
        config: { nitro: { envPrefix: '' }, uploads: { maxFiles: 20 } },
      },
    ],
    reads: new Map(),
    descriptions: { UPLOADS_MAX_FILES: { meaning: 'files one account may store' } },
    recipes: [reader],
    ...over,
  });

  it('maps nested keys as Nitro does with `envPrefix: ""`', () => {
    expect(envName(['budget', 'bodyBytesPerCaller'])).toBe('BUDGET_BODY_BYTES_PER_CALLER');
    expect(envName(['idempotencyKeyTtlSeconds'])).toBe('IDEMPOTENCY_KEY_TTL_SECONDS');
  });

  it('finds process.env.X, process.env["X"] and env["X"] in src/, tools/vite/ and vite.config.ts, specs aside', () => {
    mkdirSync(join(project, 'src/server/lib/ops'), { recursive: true });
    mkdirSync(join(project, 'tools/vite'), { recursive: true });
    writeFileSync(
      join(project, 'src/server/lib/ops/boot.ts'),
      "const a = process.env.SLOW_START;\nenv['SPARE'];\n",
    );
    writeFileSync(join(project, 'src/server/lib/ops/boot.spec.ts'), "process.env['ONLY_A_SPEC'];\n");
    writeFileSync(join(project, 'tools/vite/port.ts'), "process.env[ 'DEV_PORT' ] || import.meta.env.DEV;\n");
    writeFileSync(join(project, 'vite.config.ts'), "process.env['SLOW_START'];\n");
    expect(Object.fromEntries(envReads(project))).toEqual({
      SLOW_START: ['src/server/lib/ops/boot.ts', 'vite.config.ts'],
      SPARE: ['src/server/lib/ops/boot.ts'],
      DEV_PORT: ['tools/vite/port.ts'],
    });
  });

  it('fails on a variable the code reads that the table does not list', () => {
    const reads = new Map([['SLOW_START', ['src/server/lib/ops/boot.ts']]]);
    expect(settingsRows(sources({ reads })).problems).toEqual([
      'SLOW_START: read through src/server/lib/ops/boot.ts, but src/server/settings.ts does not describe it',
    ]);
  });

  it('fails on a runtimeConfig key the table does not list', () => {
    const configs = [
      { file: 'src/server/runtime-config.ts', config: { uploads: { maxFiles: 20, maxBytes: 1 } } },
    ];
    expect(settingsRows(sources({ configs })).problems).toEqual([
      'UPLOADS_MAX_BYTES: read through runtimeConfig `uploads.maxBytes` (src/server/runtime-config.ts), but src/server/settings.ts does not describe it',
    ]);
  });

  it('fails on a runtimeConfig key the code reads that no file gives a default', () => {
    mkdirSync(join(project, 'src/server/lib/ops'), { recursive: true });
    writeFileSync(
      join(project, 'src/server/lib/ops/limits.ts'),
      "useRuntimeConfig()['uploads'];\nuseRuntimeConfig().maxThings;\nuseRuntimeConfig().app.baseURL;\n",
    );
    const keysRead = configReads(project);
    expect(Object.fromEntries(keysRead)).toEqual({
      uploads: ['src/server/lib/ops/limits.ts'],
      maxThings: ['src/server/lib/ops/limits.ts'],
    });
    expect(settingsRows(sources({ keysRead })).problems).toEqual([
      'runtimeConfig `maxThings`: read by src/server/lib/ops/limits.ts, but no file sets its default',
    ]);
  });

  it('fails on a described setting nothing reads', () => {
    const descriptions = { UPLOADS_MAX_FILES: { meaning: 'files' }, GONE: { meaning: 'moved away' } };
    expect(settingsRows(sources({ descriptions })).problems).toEqual([
      'GONE: described in src/server/settings.ts, but no code reads it',
    ]);
  });

  it('gives a row the default in the code and the recipe that reads it, and the app when none does', () => {
    const reads = new Map([['SLOW_START', ['src/server/lib/ops/boot.ts']]]);
    const descriptions = {
      UPLOADS_MAX_FILES: { meaning: 'files one account may store' },
      SLOW_START: { meaning: 'wait before listening', default: '`0`' },
    };
    expect(settingsTable(settingsRows(sources({ reads, descriptions })).rows)).toBe(
      [
        '| Variable | Default | What | Recipe |',
        '|---|---|---|---|',
        '| `UPLOADS_MAX_FILES` | `20` | files one account may store | [uploads](uploads.md) |',
        '| `SLOW_START` | `0` | wait before listening | the app |',
      ].join('\n'),
    );
  });
});
