import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Nitro, NitroEventHandler, NitroModule } from 'nitropack';

/*
 * The module's one public face: the Nitro module for vite.config.ts, the 405 `Allow` lookup for
 * the catch-all route, the route header reader, and the contract's types. Nothing here imports
 * `nitropack/runtime` or a virtual module, so it loads anywhere: vite.config.ts, tools/, the browser
 * (types only) and the server.
 */
export { allowedMethods } from './runtime/allow.ts';
export {
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiResponse,
  type OperationExtension,
  anyMethods,
  openApiPath,
} from './runtime/openapi.ts';
export { accessRules } from './scan/access.ts';
export { type RouteHeader, readHeader } from './scan/header.ts';

/** What `apiContract()` takes in `analog({ nitro: { modules } })`. */
export interface ApiContractOptions {
  /** The project root: file names in the route list are relative to it. */
  root: string;
  /**
   * The typed client's route map, `ApiRoutes` (e.g. `src/server/api-routes.gen.ts`), rewritten on
   * every build and dev reload when changed; `undefined` for a variant build that leaves a module
   * out, whose routes are not the app's.
   */
  outFile: string | undefined;
  /** A file for the route catalogue's rows (e.g. `src/server/api-catalogue.gen.ts`), for docs; written with `outFile`. */
  catalogue?: string;
  /** The routes other sites may call from a browser: `/api/openapi.json` gives them an `OPTIONS` preflight. */
  crossOriginRoutes?: readonly string[];
}

/** Writes `source` to `file` unless it holds it already, so an unchanged scan touches no file. */
function writeChanged(file: string, source: string): void {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== source) writeFileSync(file, source);
}

const runtime = (file: string) => fileURLToPath(new URL(`./runtime/${file}`, import.meta.url));

/** The local modules' folder (this module's and its siblings'): their handlers are listed like route files. */
const modulesDir = fileURLToPath(new URL('..', import.meta.url));

/** The handlers this module adds: they are in the route list like any scanned route file. */
const handlers: NitroEventHandler[] = [
  { route: '/api/openapi.json', method: 'get', handler: runtime('openapi.json.get.ts'), lazy: true },
];

/**
 * The API contract, from one scan: Nitro's scanned route files (plus the local modules' handlers)
 * feed `outFile` (the typed client's `ApiRoutes`), the `catalogue` rows, the `/api/openapi.json`
 * document and the 405 `Allow` table. Each route says who may call it on line 3 of its header and
 * what it answers after it, beside the `@status` tags of the functions it calls (scan/answers.ts):
 * a route that does not say who may call it fails the build.
 */
export function apiContract({
  root,
  outFile,
  catalogue,
  crossOriginRoutes = [],
}: ApiContractOptions): NitroModule {
  return {
    name: 'api-contract',
    async setup(nitro: Nitro) {
      // Build-time code (TypeScript's parser): imported here, so no server bundle holds it.
      const { apiRoutes } = await import('./scan/routes.ts');
      const { apiCatalogueSource, apiRoutesSource, routeModulesModule, routesModule } =
        await import('./scan/generate.ts');
      nitro.options.handlers.push(...handlers);
      nitro.options.plugins.push(runtime('plugin.ts'));
      // The route files, this module's handlers and those of the other local modules (security's
      // report endpoint): every route the server answers that a client may call.
      const moduleHandlers = () =>
        nitro.options.handlers.filter(({ handler }) => handler.startsWith(modulesDir));
      const routes = () => apiRoutes(nitro, moduleHandlers(), root);
      nitro.options.virtual['#api-contract/routes'] = () =>
        routesModule(routes(), crossOriginRoutes, nitro.options.routeRules);
      // The route files only: the modules' handlers carry no schemas, and importing them
      // from the document they serve would be an import circle.
      nitro.options.virtual['#api-contract/route-modules'] = () =>
        routeModulesModule(routes().filter(({ handler }) => !handler.startsWith(modulesDir)));
      if (!outFile) return;
      nitro.hooks.hook('types:extend', () => {
        const list = routes();
        writeChanged(outFile, apiRoutesSource(list, outFile));
        if (catalogue) writeChanged(catalogue, apiCatalogueSource(list));
      });
    },
  };
}
