import { type CatalogueEntry, readPages } from '../../src/modules/api-contract/index.ts';
import { apiCatalogue } from '../../src/server/api-routes.gen.ts';
import { layout } from './layout.ts';

/**
 * The catalogue's rows: the API routes as the last build scanned them (`src/server/api-routes.gen.ts`,
 * whose line 2 the build checked against Nitro's route), then the pages.
 */
export function readRouteCatalogue(root: string): CatalogueEntry[] {
  return [...apiCatalogue, ...readPages(root, layout.pagesDir)];
}
