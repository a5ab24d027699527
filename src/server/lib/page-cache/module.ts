import { fileURLToPath } from 'node:url';
import type { NitroModule } from 'nitropack';

import type { CachedPage } from './page-cache.ts';

const middleware = fileURLToPath(new URL('./middleware.ts', import.meta.url));

/**
 * The page cache's Nitro module, for `analog({ nitro: { modules } })`: its middleware is listed for
 * each page runtimeConfig `cachedPages` names and each API path one depends on, so h3 runs it only
 * for requests under those paths and skips it for every other with one string comparison.
 */
export function pageCache(): NitroModule {
  return {
    name: 'page-cache',
    setup(nitro) {
      const pages = (nitro.options.runtimeConfig['cachedPages'] ?? {}) as Record<string, CachedPage>;
      const dependencies = Object.values(pages).flatMap(({ dependsOn }) => (dependsOn ? [dependsOn] : []));
      for (const route of new Set([...Object.keys(pages), ...dependencies]))
        nitro.options.handlers.push({ route, middleware: true, handler: middleware });
    },
  };
}
