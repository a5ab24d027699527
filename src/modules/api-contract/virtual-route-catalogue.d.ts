/** The catalogue rows, served by `routeCataloguePlugin` in `src/modules/api-contract/build/catalogue.ts`. */
declare module 'virtual:route-catalogue' {
  import type { CatalogueEntry } from './build/header';

  export const routeCatalogue: readonly CatalogueEntry[];
}
