/** The route list the module generates from Nitro's scan (../generate.ts). */
declare module '#api-contract/routes' {
  export const apiRoutes: {
    route: string;
    method: string;
    file: string;
    summary: string;
    description: string;
    /** What the file's `defineRouteMeta(…)` declares, read from its source at build time. */
    meta: import('./openapi').ContractRoute['meta'];
    rule?: import('./openapi').OperationExtension;
    access: string;
    limits: string;
  }[];
  /** The routes other sites may call from a browser (the module's `crossOriginRoutes` option). */
  export const crossOriginRoutes: string[];
}

/** A lazy import of each route file, keyed `<method> <route>` (../generate.ts). */
declare module '#api-contract/route-modules' {
  export const routeModules: Record<string, () => Promise<{ default?: unknown; route?: unknown }>>;
}
