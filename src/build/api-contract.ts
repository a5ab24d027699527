import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Nitro, NitroModule } from 'nitropack';

/** One route file as Nitro scanned it: the pattern it serves and its method (`default`: any). */
export interface ScannedRoute {
  route: string;
  method: string;
  /** Absolute path of the route file. */
  handler: string;
}

/** What the 2-line header and the body of a route file say about its answers. */
export interface RouteFacts {
  summary: string;
  description: string;
  /**
   * The success status: 201 from `setResponseStatus`, 204 from `sendNoContent`, 302 from
   * `redirect`, else 200; `null` for a file that only ever answers errors (a catch-all).
   */
  success: number | null;
  /**
   * Other statuses the file answers itself: `createError({ statusCode })`, an error
   * `setResponseStatus`, 400 from `readBody`, 304 from `handleCacheHeaders` or Nitro's
   * `defineCachedEventHandler` (which answers a matching `If-None-Match` itself).
   */
  statuses: number[];
  /** The success body's media type. */
  contentType: string;
  /** True when the file calls the session guard `requireUser`: the operation needs the session cookie. */
  session: boolean;
}

/**
 * Statuses a route answers through a function of `src/server/lib` it calls by name: the session
 * guard's 401, and sign-in's and sign-up's own answers (lib/auth.ts).
 */
const libStatuses: Record<string, number[]> = {
  requireUser: [401],
  signIn: [401, 429],
  signUp: [409, 429],
};

/** Reads a route file's header (`/** <Pattern>: <when to use it> *\/`) and the statuses it sets. */
export function routeFacts(source: string): RouteFacts {
  const header = /^\/\*\*\s*(.*?)\s*\*\//.exec(source)?.[1] ?? '';
  const colon = header.indexOf(': ');
  const summary = colon > 0 ? header.slice(0, colon) : header;
  const rest = colon > 0 ? header.slice(colon + 2) : '';
  const statuses = [...source.matchAll(/setResponseStatus\(event, (\d{3})/g)].map((match) =>
    Number(match[1]),
  );
  const success =
    statuses.find((status) => status < 400) ??
    (source.includes('sendNoContent')
      ? 204
      : /\bredirect\(/.test(source)
        ? 302
        : statuses.length
          ? null
          : 200);
  const thrown = [...source.matchAll(/statusCode: (\d{3})/g)].map((match) => Number(match[1]));
  // h3's `readBody` rejects malformed JSON with 400.
  if (/\breadBody\b/.test(source)) thrown.push(400);
  // A browser form post without JavaScript is redirected back to its page (lib/browser-forms.ts).
  if (source.includes('redirectBrowserForms(')) thrown.push(303);
  if (/\b(handleCacheHeaders|defineCachedEventHandler)\(/.test(source)) thrown.push(304);
  for (const [name, codes] of Object.entries(libStatuses)) {
    if (new RegExp(`\\b${name}\\(`).test(source)) thrown.push(...codes);
  }
  const others = [...new Set([...thrown, ...statuses.filter((status) => status >= 400)])].sort();
  const contentType = source.includes('text/event-stream')
    ? 'text/event-stream'
    : source.includes('asPlainText')
      ? 'text/plain'
      : source.includes("'text/xml'")
        ? 'text/xml'
        : source.includes("'text/csv")
          ? 'text/csv'
          : 'application/json';
  return {
    summary,
    description: rest && rest[0].toUpperCase() + rest.slice(1),
    success,
    statuses: others,
    contentType,
    session: /\brequireUser\(/.test(source),
  };
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The source of `api-routes.gen.ts`: every route file, its facts, a lazy import, and the module types. */
export function apiRoutesSource(routes: readonly ScannedRoute[], outFile: string, root: string): string {
  const sorted = [...routes].sort(
    (a, b) => a.route.localeCompare(b.route) || a.method.localeCompare(b.method),
  );
  const entries: string[] = [];
  const types = new Map<string, string[]>();
  for (const { route, method, handler } of sorted) {
    const path = relative(dirname(outFile), handler).replace(/\\/g, '/').replace(/\.ts$/, '');
    const specifier = path.startsWith('../') ? path : `./${path}`;
    const facts = routeFacts(readFileSync(handler, 'utf8'));
    entries.push(
      [
        '  {',
        `    route: ${quote(route)},`,
        `    method: ${quote(method)},`,
        `    file: ${quote(relative(root, handler).replace(/\\/g, '/'))},`,
        `    summary: ${quote(facts.summary)},`,
        `    description: ${quote(facts.description)},`,
        `    success: ${facts.success},`,
        `    statuses: [${facts.statuses.join(', ')}],`,
        `    contentType: ${quote(facts.contentType)},`,
        `    session: ${facts.session},`,
        `    load: () => import(${quote(specifier)}),`,
        '  },',
      ].join('\n'),
    );
    const methods = types.get(route) ?? [];
    methods.push(`    ${method}: typeof import(${quote(specifier)});`);
    types.set(route, methods);
  }
  return [
    '// Generated from the route files Nitro scans, by src/build/api-contract.ts. Do not edit:',
    '// `vite build` and `vite` rewrite it when a route file is added, renamed or removed.',
    '',
    '/** Every API route file: its Nitro pattern, its method (`default` answers any) and its header. */',
    'export const apiRouteFiles = [',
    ...entries,
    '] as const;',
    '',
    "/** The route modules by Nitro pattern and method: the typed client's contract. */",
    'export interface ApiRoutes {',
    ...[...types].flatMap(([route, methods]) => [`  ${quote(route)}: {`, ...methods, '  };']),
    '}',
    '',
  ].join('\n');
}

/**
 * A Nitro module that extends Nitro's generated `InternalApi` (`types:extend`, run by every
 * build and dev reload) with what it leaves out: each route file's module type (its schemas,
 * not only its result), its header and its statuses, written to `outFile` inside `src/` so a
 * clean clone typechecks before its first build. Only a changed file is rewritten.
 */
export function apiContract({ outFile, root }: { outFile: string; root: string }): NitroModule {
  return {
    name: 'api-contract',
    setup(nitro: Nitro) {
      nitro.hooks.hook('types:extend', () => {
        const routesDir = `${nitro.options.srcDir}/routes/`;
        const modulesDir = join(root, 'src/modules/');
        // The route files, and the routes the local modules register (security's report endpoint).
        const routes = [
          ...nitro.scannedHandlers.filter(({ handler }) => handler.startsWith(routesDir)),
          ...nitro.options.handlers.filter(({ handler }) => handler.startsWith(modulesDir)),
        ]
          .filter(({ route, middleware }) => route && !middleware)
          .map(({ route, method, handler }) => ({ route: route!, method: method ?? 'default', handler }));
        const source = apiRoutesSource(routes, outFile, root);
        if (!existsSync(outFile) || readFileSync(outFile, 'utf8') !== source) writeFileSync(outFile, source);
      });
    },
  };
}
