import { apiCatalogue } from '../../../server/api-routes.gen';
import { readPages } from './catalogue';
import type { CatalogueEntry } from './header';

/**
 * The catalogue's rows: the API routes as the last build scanned them (`src/server/api-routes.gen.ts`,
 * whose line 2 the build checked against Nitro's route), then the pages.
 */
export function readRouteCatalogue(root: string): CatalogueEntry[] {
  return [...apiCatalogue, ...readPages(root)];
}
