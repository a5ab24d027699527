/** The route files' headers, served by `routeCataloguePlugin` in `src/build/route-catalogue.ts`. */
declare module 'virtual:route-catalogue' {
  import type { CatalogueEntry } from './route-catalogue';

  export const routeCatalogue: readonly CatalogueEntry[];
}
