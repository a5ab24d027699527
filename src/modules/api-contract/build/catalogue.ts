import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

/** One route of the cookbook, read from its file's two-line header. */
export interface CatalogueEntry {
  kind: 'api' | 'page';
  /** The file, from the project root: `src/server/routes/api/v1/hello.ts`. */
  file: string;
  /** Line 1 before the first `: `, e.g. `Method suffix`. */
  pattern: string;
  /** Line 1 after it: when to use the pattern. */
  when: string;
  /** `GET`, `POST`, … or `ANY` for an API route; `PAGE` for a page. */
  method: string;
  /** The route, with `:param` and `**` segments: `/api/v1/users/:id`. */
  url: string;
  /** An example query from line 2 (`?q=an`), or `''`. */
  query: string;
}

/** Where route files live: API routes (every `.ts`) and pages (`.page.ts`). */
export const catalogueSources = [
  { kind: 'api', dir: 'src/server/routes', extension: '.ts' },
  { kind: 'page', dir: 'src/app/pages', extension: '.page.ts' },
] as const;

const headerLine1 = /^\/\*\* (.+?): (.+) \*\/$/;
const headerLine2 = /^\/\/ (ANY|GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|PAGE) (\/[^\s?]*)(\?\S*)?$/;

/** Reads the two-line header of one route file; throws, naming the file, when it is malformed. */
export function readHeader(kind: CatalogueEntry['kind'], file: string, text: string): CatalogueEntry {
  const [line1 = '', line2 = ''] = text.split('\n');
  const about = headerLine1.exec(line1);
  const route = headerLine2.exec(line2);
  if (!about) throw new Error(`${file}: line 1 must be /** <Pattern>: <when to use it> */`);
  if (!route) throw new Error(`${file}: line 2 must be // <METHOD> <url>, e.g. // GET /api/v1/users/:id`);
  const [, pattern, when] = about;
  const [, method, url, query = ''] = route;
  return { kind, file, pattern, when, method, url, query };
}

/** Every route file's header under `root`, API routes first, each kind sorted by file. */
export function readRouteCatalogue(root: string): CatalogueEntry[] {
  return catalogueSources.flatMap(({ kind, dir, extension }) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .map((file) => file.split('\\').join('/'))
      .filter((file) => file.endsWith(extension) && !file.endsWith('.d.ts'))
      .sort()
      .map((file) => readHeader(kind, `${dir}/${file}`, readFileSync(join(root, dir, file), 'utf8'))),
  );
}

/** `METHOD /url` as a file's name and folder make it: what line 2 must say. */
export function routeFromFileName(kind: CatalogueEntry['kind'], file: string): string {
  const source = catalogueSources.find((candidate) => candidate.kind === kind)!;
  const path = file.slice(source.dir.length + 1);
  if (kind === 'page') {
    const segments = path
      .replace(/\.page\.ts$/, '')
      .split('/')
      // A dot also separates segments (`docs.index.page.ts`), except inside brackets (`[...slug]`).
      .flatMap((segment) => segment.match(/\[[^\]]*\]|[^.]+/g) ?? [])
      .filter((segment) => segment !== 'index' && !/^\(.*\)$/.test(segment))
      .map((segment) => segment.replace(/^\[\.\.\.\w[\w-]*\]$/, '**').replace(/^\[(\w+)\]$/, ':$1'));
    return `PAGE /${segments.join('/')}`;
  }
  const method = /\.(get|head|post|put|patch|delete|options)\.ts$/.exec(path)?.[1];
  const segments = path
    .replace(method ? `.${method}.ts` : /\.ts$/, '')
    .split('/')
    .filter((segment) => segment !== 'index')
    .map((segment) =>
      segment
        .replace(/^\[\.\.\.\]$/, '**')
        .replace(/^\[\.\.\.(\w+)\]$/, '**:$1')
        .replace(/\[(\w+)\]/g, ':$1'),
    );
  return `${method?.toUpperCase() ?? 'ANY'} /${segments.join('/')}`;
}

/** Where each kind's tests live: server specs over HTTP, e2e specs in Chromium. */
const testDirs = { api: 'test/server', page: 'e2e' } as const;

/** The first spec with exactly `describe('<METHOD> <url>'` (or `'<METHOD> <url> (<case>)'`), or `undefined`. */
export function findSpec(root: string, entry: CatalogueEntry): string | undefined {
  const dir = testDirs[entry.kind];
  const title = new RegExp(`describe\\('${escapeRegExp(`${entry.method} ${entry.url}`)}( \\(|')`);
  return readdirSync(join(root, dir))
    .filter((file) => file.endsWith('.spec.ts'))
    .sort()
    .map((file) => `${dir}/${file}`)
    .find((file) => title.test(readFileSync(join(root, file), 'utf8')));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const link = (path: string, text: string) => `[\`${text}\`](${path})`;

/** The README's catalogue table: one row per route file, generated from the headers. */
export function catalogueTable(root: string, entries: readonly CatalogueEntry[]): string {
  const rows = entries.map((entry) => {
    const source = catalogueSources.find((candidate) => candidate.kind === entry.kind)!;
    const spec = findSpec(root, entry);
    const cells = [
      entry.pattern,
      entry.when,
      link(entry.file, relative(source.dir, entry.file)),
      `\`${entry.method} ${entry.url}\``,
      spec ? link(spec, spec.split('/').pop()!) : '**none**',
    ];
    return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  });
  return ['| Pattern | When to use it | File | METHOD URL | Test |', '|---|---|---|---|---|', ...rows].join(
    '\n',
  );
}

export const catalogueStart =
  '<!-- route-catalogue:start (generated by `npm run readme`; edit the file headers) -->';
export const catalogueEnd = '<!-- route-catalogue:end -->';

/** `readme` with the text between the catalogue markers replaced by `table`. */
export function withCatalogue(readme: string, table: string): string {
  const start = readme.indexOf(catalogueStart);
  const end = readme.indexOf(catalogueEnd);
  if (start < 0 || end < start) throw new Error(`README.md lacks ${catalogueStart} … ${catalogueEnd}`);
  return `${readme.slice(0, start + catalogueStart.length)}\n${table}\n${readme.slice(end)}`;
}

const virtualId = 'virtual:route-catalogue';

/**
 * Serves `virtual:route-catalogue` (the entries as data) to the app: the `/routes` page is built
 * from the same headers as the README table. In `npm run dev` a changed route file reloads it.
 */
export function routeCataloguePlugin(root: string): Plugin {
  const resolved = `\0${virtualId}`;
  return {
    name: 'route-catalogue',
    resolveId: (id) => (id === virtualId ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      for (const { dir } of catalogueSources) this.addWatchFile(join(root, dir));
      return `export const routeCatalogue = ${JSON.stringify(readRouteCatalogue(root))};`;
    },
    configureServer(server) {
      const dirs = catalogueSources.map(({ dir }) => join(root, dir));
      server.watcher.on('all', (_event, path) => {
        if (!dirs.some((dir) => path.startsWith(dir))) return;
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(resolved);
          if (module) environment.moduleGraph.invalidateModule(module);
        }
      });
    },
  };
}
