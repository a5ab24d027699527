import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

import { allDocProblems, commentPathProblems, docFiles, docProblems, exportedNames } from './docs-links';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('README.md, docs/*.md and module READMEs', () => {
  it('include every page under docs/', () => {
    expect(docFiles(root)).toEqual(expect.arrayContaining(['README.md', 'docs/validated-routes.md']));
  });

  it('link only files and headings that exist, name only real exports, quote files verbatim', () => {
    expect(allDocProblems(root)).toEqual([]);
  });
});

describe('comments in the code', () => {
  it('name only files that exist (a file that moved leaves no stale path behind)', () => {
    expect(commentPathProblems(root)).toEqual([]);
  });

  const project = mkdtempSync(join(tmpdir(), 'comment-paths-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('fail on a path that moved, from the root or from src/server, and pass on one that exists', () => {
    mkdirSync(join(project, 'src/server/lib/http'), { recursive: true });
    mkdirSync(join(project, 'src/server/plugins'), { recursive: true });
    writeFileSync(join(project, 'src/server/lib/http/cors.ts'), 'export {};\n');
    writeFileSync(
      join(project, 'src/server/plugins/page-cache.ts'),
      [
        '/** Reads lib/http/cors.ts and src/server/lib/http/cors.ts; see src/middleware/page-cache.ts. */',
        "const text = 'lib/gone.ts is a string, not a comment';",
        '// lib/text.ts',
      ].join('\n'),
    );
    expect(commentPathProblems(project)).toEqual([
      'src/server/plugins/page-cache.ts:1: names src/middleware/page-cache.ts, which does not exist',
      'src/server/plugins/page-cache.ts:3: names lib/text.ts, which does not exist',
    ]);
  });
});

describe('the docs check', () => {
  const check = (markdown: string) => docProblems(root, 'docs/example.md', markdown);

  it('accepts a link to a file, an export it has, a heading and a verbatim excerpt', () => {
    const excerpt = [
      '```ts src/server/lib/users/users.ts',
      'export interface User {',
      '  id: number;',
      '```',
    ];
    expect(
      check(
        [
          'See [`toCsv`](../src/server/lib/feeds/csv.ts), [`createApi(transport)`](../src/app/shared/api-client.ts),',
          '[the home page](../src/app/pages/(home).page.ts) and [the catalogue](../README.md#route-catalogue).',
          '`toCsv` from `src/server/lib/feeds/csv.ts` quotes fields.',
          ...excerpt,
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('fails on a link to a file that does not exist', () => {
    expect(check('[`users`](../src/server/lib/user.ts)')).toEqual([
      'docs/example.md:1: links ../src/server/lib/user.ts, but src/server/lib/user.ts does not exist',
    ]);
  });

  it('fails on a link to a heading that does not exist', () => {
    expect(check('[catalogue](../README.md#no-such-heading)')).toEqual([
      'docs/example.md:1: links ../README.md#no-such-heading, but README.md has no heading #no-such-heading',
    ]);
  });

  it('fails when a linked file does not export the name', () => {
    expect(check('\n[`listUsers`](../src/server/lib/users/users.ts)')).toEqual([
      'docs/example.md:2: src/server/lib/users/users.ts does not export `listUsers`',
    ]);
  });

  it('fails when prose names an export that a file lacks', () => {
    expect(check('`listUsers` from `src/server/lib/users/users.ts`')).toEqual([
      'docs/example.md:1: src/server/lib/users/users.ts does not export `listUsers`',
    ]);
  });

  it('fails on an excerpt that is not verbatim in its file', () => {
    expect(
      check(
        ['```ts src/server/lib/users/users.ts', 'export interface User {', '  id: string;', '```'].join('\n'),
      ),
    ).toEqual([
      'docs/example.md:1: quotes lines that are not in src/server/lib/users/users.ts (copy them again from the file)',
    ]);
  });

  it('fails when link text names another file than the one linked', () => {
    expect(check('[`lib/auth/rate-limit.ts`](../src/server/lib/rate-limit/rate-limit.ts)')).toEqual([
      'docs/example.md:1: link text names lib/auth/rate-limit.ts, but the link goes to src/server/lib/rate-limit/rate-limit.ts',
    ]);
    expect(check('[`lib/rate-limit/rate-limit.ts`](../src/server/lib/rate-limit/rate-limit.ts)')).toEqual([]);
    expect(
      check(
        '[`../index.ts`](../src/modules/security/index.ts), [`drain.spec.ts`](../test/server/drain.spec.ts)',
      ),
    ).toEqual([]);
  });

  it('ignores links inside fenced code', () => {
    expect(check(['```text', '[nothing](../nowhere.ts)', '```'].join('\n'))).toEqual([]);
  });
});

describe("the check of a module's README", () => {
  const check = (markdown: string) => docProblems(root, 'src/modules/security/README.md', markdown);

  it('fails on a function its index.ts does not export, unless the line links the file that does', () => {
    expect(
      check('Recipes ask it `isHttps(event)` and `useNonce(event)`; Vite runs `analog({ ssr })`.'),
    ).toEqual([
      'src/modules/security/README.md:1: names `isHttps`, which src/modules/security/index.ts does not export',
    ]);
    expect(
      check("`isHttps(event)` is [`modules/request/proxy.ts`](../request/proxy.ts)'s."),
    ).toEqual([]);
  });

  it('fails on a setting its code does not read, unless the line links the file that does', () => {
    expect(
      check('`CSP_REPORT_ONLY` is read here, and `ORIGIN`; `GET` is no setting.'),
    ).toEqual([
      'src/modules/security/README.md:1: names the setting ORIGIN, which no code under src/modules/security reads (nor a file the line links)',
    ]);
    expect(check('`ORIGIN` is read in [`modules/request/proxy.ts`](../request/proxy.ts).')).toEqual(
      [],
    );
  });
});

describe('exportedNames', () => {
  it('lists declarations, export lists and default exports', () => {
    const names = exportedNames(`${root}src/server/routes/api/v1/search.get.ts`);
    expect([...names].sort()).toEqual(['default', 'route']);
  });
});
