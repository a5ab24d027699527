// `npm run readme`: rewrites the README's route table from the route files' headers, each file
// snippet from its file, the access table of docs/security.md from the routes' headers, and the settings
// table of docs/deploy.md from src/server/settings.ts and the code that reads each setting.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { apiCatalogue } from '../../src/server/api-catalogue.gen.ts';
import { withFileSnippets } from '../docs/readme-snippets.ts';
import {
  projectSettings,
  settingsEnd,
  settingsRows,
  settingsStart,
  settingsTable,
} from '../docs/settings-table.ts';
import { buildManifest } from '../recipes/manifest.ts';
import { accessEnd, accessStart, accessTable, serverFunctionAccess, withGenerated } from './access-table.ts';
import { readRouteCatalogue } from './rows.ts';
import { catalogueTable, withCatalogue } from './readme-table.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = join(root, 'README.md');
const table = catalogueTable(root, readRouteCatalogue(root));
writeFileSync(readme, withFileSnippets(withCatalogue(readFileSync(readme, 'utf8'), table), root));
const security = join(root, 'docs/security.md');
const access = accessTable([...apiCatalogue, ...serverFunctionAccess]);
writeFileSync(security, withGenerated(readFileSync(security, 'utf8'), accessStart, accessEnd, access));
const { rows, problems } = settingsRows(projectSettings(root, buildManifest(root).recipes));
if (problems.length > 0) throw new Error(`The settings table is incomplete:\n${problems.join('\n')}`);
const deploy = join(root, 'docs/deploy.md');
writeFileSync(
  deploy,
  withGenerated(readFileSync(deploy, 'utf8'), settingsStart, settingsEnd, settingsTable(rows)),
);
