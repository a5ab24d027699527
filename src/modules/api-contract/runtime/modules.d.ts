/** The route list the module generates from Nitro's scan (../generate.ts). */
declare module '#api-contract/routes' {
  export const apiRoutes: {
    route: string;
    method: string;
    file: string;
    summary: string;
    description: string;
  }[];
}

/** A lazy import of each route file, keyed `<method> <route>` (../generate.ts). */
declare module '#api-contract/route-modules' {
  export const routeModules: Record<string, () => Promise<{ default?: unknown; route?: unknown }>>;
}

/** Nitro's build-time extract of every handler's `defineRouteMeta` (nitropack's rollup `handlersMeta`). */
declare module '#nitro-internal-virtual/server-handlers-meta' {
  export const handlersMeta: { route: string; method?: string; meta: unknown }[];
}
