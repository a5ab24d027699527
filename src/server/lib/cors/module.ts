import { fileURLToPath } from 'node:url';
import type { NitroModule } from 'nitropack';

import { crossOriginRoutes } from './cors.ts';

const middleware = fileURLToPath(new URL('./middleware.ts', import.meta.url));

/** `/api/v1/products/:id` → `/api/v1/products`: the part of a route before its first parameter. */
const staticPrefix = (route: string) => route.split('/:')[0]!.replace(/\/$/, '') || '/';

/**
 * The CORS recipe's Nitro module, for `analog({ nitro: { modules } })`: its middleware is listed
 * under the path prefixes of `crossOriginRoutes` only, so h3 skips it for every other request with
 * one string comparison. Env `CORS_ORIGINS` (runtimeConfig `corsOrigins`) is the allow-list.
 */
export function cors(): NitroModule {
  return {
    name: 'cors',
    setup(nitro) {
      for (const route of new Set(crossOriginRoutes.map(staticPrefix)))
        nitro.options.handlers.push({ route, middleware: true, handler: middleware });
    },
  };
}
