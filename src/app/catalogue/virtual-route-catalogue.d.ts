/** The catalogue rows, served by `routeCataloguePlugin` in `tools/vite/route-catalogue.ts`. */
declare module 'virtual:route-catalogue' {
  import type { CatalogueEntry } from './route-catalogue';

  export const routeCatalogue: readonly CatalogueEntry[];
}
