/** The route list the module generates from Nitro's scan (../generate.ts). */
declare module '#api-contract/routes' {
  /** Each route as the document needs it, read from its source at build time; its module is in `route-modules`. */
  export const apiRoutes: Omit<import('./openapi').ContractRoute, 'load'>[];
  /** The routes other sites may call from a browser (the module's `crossOriginRoutes` option). */
  export const crossOriginRoutes: string[];
}

/** A lazy import of each route file, keyed `<method> <route>` (../generate.ts). */
declare module '#api-contract/route-modules' {
  export const routeModules: Record<string, () => Promise<{ default?: unknown; route?: unknown }>>;
}
