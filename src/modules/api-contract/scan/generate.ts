import { dirname, relative } from 'node:path';

import { sessionRules } from './access.ts';
import type { ApiRoute } from './routes.ts';

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const banner = [
  '// Generated from the route files Nitro scans, by src/modules/api-contract. Do not edit:',
  '// `vite build` and `vite` rewrite it when a route file is added, renamed or removed.',
  '',
];

/**
 * The source of the typed client's route map (`outFile`, e.g. `src/server/api-routes.gen.ts`):
 * `ApiRoutes`, each route file's module type by pattern and method, one pattern per line.
 */
export function apiRoutesSource(routes: readonly ApiRoute[], outFile: string): string {
  const types = new Map<string, string[]>();
  for (const { route, method, handler } of routes) {
    const specifier = relative(dirname(outFile), handler).split('\\').join('/').replace(/\.ts$/, '');
    types.set(route, [...(types.get(route) ?? []), `${method}: typeof import(${quote(`./${specifier}`)})`]);
  }
  return [
    ...banner,
    "/** The route modules by Nitro pattern and method: the typed client's contract. */",
    'export interface ApiRoutes {',
    ...[...types].map(([route, methods]) => `  ${quote(route)}: { ${methods.join('; ')} };`),
    '}',
    '',
  ].join('\n');
}

/**
 * The source of the route catalogue's file (`catalogue`): each API route file, its header and who
 * may call it, as data only, so docs and tests read it without a build.
 */
export function apiCatalogueSource(routes: readonly ApiRoute[]): string {
  const rows = routes.map(({ route, file, header, access }) => ({
    kind: 'api',
    file,
    ...header,
    url: route,
    ...access,
  }));
  return [
    ...banner,
    '/**',
    ' * Every API route file, its header and who may call it: the API rows of the route catalogue',
    ' * (README, `/routes`) and of the access table in docs/security.md.',
    ' */',
    `export const apiCatalogue = ${JSON.stringify(rows, null, 2)} as const;`,
    '',
  ].join('\n');
}

/**
 * `#api-contract/routes`: what the server needs of each route, as data (no import of a route), with
 * what its route rule adds to its operation (`openAPI`: an add-on put on the route by its rule), and
 * the routes other sites may call (`crossOriginRoutes`, the module's option).
 */
export function routesModule(
  routes: readonly ApiRoute[],
  crossOriginRoutes: readonly string[],
  routeRules: Record<string, object>,
): string {
  const data = routes.map(({ route, method, file, header, access, answers }) => ({
    route,
    method,
    file,
    summary: header.pattern,
    description: header.when[0].toUpperCase() + header.when.slice(1),
    answers,
    security: sessionRules.includes(access.access) ? [{ session: [] }] : [],
    websocket: header.method === 'WS',
    rule: (routeRules[route] as { openAPI?: unknown } | undefined)?.openAPI,
    ...access,
  }));
  return [
    `export const apiRoutes = ${JSON.stringify(data)};`,
    `export const crossOriginRoutes = ${JSON.stringify(crossOriginRoutes)};`,
  ].join('\n');
}

/** `#api-contract/route-modules`: a lazy import of each route file, keyed `<method> <route>`. */
export function routeModulesModule(routes: readonly ApiRoute[]): string {
  const entries = routes.map(
    ({ route, method, handler }) =>
      `  ${JSON.stringify(`${method} ${route}`)}: () => import(${JSON.stringify(handler)}),`,
  );
  return ['export const routeModules = {', ...entries, '};'].join('\n');
}
