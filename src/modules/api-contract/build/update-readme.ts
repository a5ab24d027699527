// `npm run readme`: rewrites the README's route table from the route files' headers, and each file
// snippet from its file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { withFileSnippets } from '../../../build/readme-snippets';
import { catalogueTable, withCatalogue } from './catalogue';
import { readRouteCatalogue } from './rows';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const readme = join(root, 'README.md');
const table = catalogueTable(root, readRouteCatalogue(root));
writeFileSync(readme, withFileSnippets(withCatalogue(readFileSync(readme, 'utf8'), table), root));
