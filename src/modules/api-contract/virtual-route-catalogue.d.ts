/** The catalogue rows, served by `routeCataloguePlugin` in `src/modules/api-contract/scan/catalogue.ts`. */
declare module 'virtual:route-catalogue' {
  import type { CatalogueEntry } from './scan/header';

  export const routeCatalogue: readonly CatalogueEntry[];
}
