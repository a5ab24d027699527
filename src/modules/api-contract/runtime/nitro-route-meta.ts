// Private API (checked against nitropack@2.13.6): what each handler's `defineRouteMeta(…)` declares,
// extracted by Nitro at build time (with `experimental.openAPI`, which ../index.ts sets). Nitro
// reads it for its own `/_openapi.json` and exports no public accessor.
import { handlersMeta } from '#nitro-internal-virtual/server-handlers-meta';

import type { ContractRoute } from './openapi';

/** The meta a route's file declares, found by Nitro's pattern and method (`default`: any). */
export function routeMeta(route: string, method: string): ContractRoute['meta'] {
  const found = handlersMeta.find(
    (handler) => handler.route === route && (handler.method ?? 'default') === method,
  );
  return (found?.meta as ContractRoute['meta'] | undefined) ?? null;
}
