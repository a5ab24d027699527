import { dirname, relative } from 'node:path';

import type { ApiRoute } from './routes.ts';

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * The source of `src/server/api-routes.gen.ts`: the catalogue rows of the API routes (data
 * only, so README, `/routes` and tests read it without a build) and `ApiRoutes`, each route
 * file's module type by pattern and method, which the typed client infers from.
 */
export function apiRoutesSource(routes: readonly ApiRoute[], outFile: string): string {
  const types = new Map<string, string[]>();
  const rows = routes.map(({ route, method, handler, file, header, access }) => {
    const specifier = relative(dirname(outFile), handler).split('\\').join('/').replace(/\.ts$/, '');
    types.set(route, [
      ...(types.get(route) ?? []),
      `    ${method}: typeof import(${quote(`./${specifier}`)});`,
    ]);
    return [
      '  {',
      "    kind: 'api',",
      `    file: ${quote(file)},`,
      `    pattern: ${quote(header.pattern)},`,
      `    when: ${quote(header.when)},`,
      `    method: ${quote(header.method)},`,
      `    url: ${quote(route)},`,
      `    query: ${quote(header.query)},`,
      `    access: ${quote(access.access)},`,
      `    limits: ${quote(access.limits)},`,
      '  },',
    ].join('\n');
  });
  return [
    '// Generated from the route files Nitro scans, by src/modules/api-contract. Do not edit:',
    '// `vite build` and `vite` rewrite it when a route file is added, renamed or removed.',
    '',
    '/**',
    ' * Every API route file, its header and who may call it: the API rows of the route catalogue',
    ' * (README, `/routes`) and of the access table in docs/security.md.',
    ' */',
    'export const apiCatalogue = [',
    ...rows,
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
 * `#api-contract/routes`: what the server needs of each route, as data (no import of a route), and
 * the routes other sites may call (`crossOriginRoutes`, the module's option).
 */
export function routesModule(routes: readonly ApiRoute[], crossOriginRoutes: readonly string[]): string {
  const data = routes.map(({ route, method, file, header, meta, access }) => ({
    route,
    method,
    file,
    summary: header.pattern,
    description: header.when[0].toUpperCase() + header.when.slice(1),
    meta,
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
