import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Nitro, NitroEventHandler, NitroModule } from 'nitropack';

import { apiRoutesSource, routeModulesModule, routesModule } from './build/generate.ts';
import { apiRoutes } from './build/routes.ts';

const runtime = (file: string) => fileURLToPath(new URL(`./runtime/${file}`, import.meta.url));

/** The handlers this module adds: they are in the route list like any scanned route file. */
const handlers: NitroEventHandler[] = [
  { route: '/api/openapi.json', method: 'get', handler: runtime('openapi.json.get.ts'), lazy: true },
];

/**
 * The API contract, from one scan: Nitro's scanned route files (plus this module's handlers)
 * feed `outFile` (the catalogue rows and the typed client's `ApiRoutes`, rewritten on every
 * build and dev reload, only when changed), the `/api/openapi.json` document and the 405
 * `Allow` table. Each route states its answers and who may call it with `defineRouteMeta({ openAPI })`,
 * read from its source here (build/route-meta.ts): a route without `x-access` fails the build.
 */
export function apiContract({ outFile, root }: { outFile: string | undefined; root: string }): NitroModule {
  return {
    name: 'api-contract',
    setup(nitro: Nitro) {
      nitro.options.handlers.push(...handlers);
      nitro.options.plugins.push(runtime('plugin.ts'));
      // The route files, this module's handlers and those of the other local modules (security's
      // report endpoint): every route the server answers that a client may call.
      const modulesDir = join(root, 'src/modules/');
      const moduleHandlers = () =>
        nitro.options.handlers.filter(({ handler }) => handler.startsWith(modulesDir));
      const routes = () => apiRoutes(nitro, moduleHandlers(), root);
      nitro.options.virtual['#api-contract/routes'] = () => routesModule(routes());
      // The route files only: the modules' handlers carry no schemas, and importing them
      // from the document they serve would be an import circle.
      nitro.options.virtual['#api-contract/route-modules'] = () =>
        routeModulesModule(routes().filter(({ handler }) => !handler.startsWith(modulesDir)));
      // A variant build that leaves a module out passes no `outFile`: its routes are not the app's.
      if (!outFile) return;
      nitro.hooks.hook('types:extend', () => {
        const source = apiRoutesSource(routes(), outFile);
        if (!existsSync(outFile) || readFileSync(outFile, 'utf8') !== source) writeFileSync(outFile, source);
      });
    },
  };
}

export { routeCataloguePlugin } from './build/catalogue.ts';
