// `npm run catalogue`: rewrites the README's route table from the route files' headers.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { catalogueTable, readRouteCatalogue, withCatalogue } from './route-catalogue';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = join(root, 'README.md');
writeFileSync(
  readme,
  withCatalogue(readFileSync(readme, 'utf8'), catalogueTable(root, readRouteCatalogue(root))),
);
