import type { CatalogueEntry } from '../../src/app/catalogue/route-catalogue.ts';
import { apiCatalogue } from '../../src/server/api-catalogue.gen.ts';
import { layout } from './layout.ts';
import { readPages } from '../vite/route-catalogue.ts';

/**
 * The catalogue's rows: the API routes as the last build scanned them (`src/server/api-catalogue.gen.ts`,
 * whose line 2 the build checked against Nitro's route), then the pages.
 */
export function readRouteCatalogue(root: string): CatalogueEntry[] {
  return [...apiCatalogue, ...readPages(root, layout.pagesDir)];
}
