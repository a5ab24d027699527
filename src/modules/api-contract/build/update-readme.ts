// `npm run readme`: rewrites the README's route table from the route files' headers, each file
// snippet from its file, and the access table of docs/security.md from the routes' meta.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { apiCatalogue } from '../../../server/api-routes.gen';
import { withFileSnippets } from '../../../build/readme-snippets';
import { accessEnd, accessStart, accessTable, withGenerated } from './access-table';
import { catalogueTable, withCatalogue } from './catalogue';
import { readRouteCatalogue } from './rows';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const readme = join(root, 'README.md');
const table = catalogueTable(root, readRouteCatalogue(root));
writeFileSync(readme, withFileSnippets(withCatalogue(readFileSync(readme, 'utf8'), table), root));
const security = join(root, 'docs/security.md');
const access = accessTable(apiCatalogue);
writeFileSync(security, withGenerated(readFileSync(security, 'utf8'), accessStart, accessEnd, access));
