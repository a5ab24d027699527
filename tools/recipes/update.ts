// `npm run recipes`: rewrites tools/recipes/manifest.json from recipes.ts and the import graph, and
// each docs page's recipe tree from the manifest.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildManifest } from './manifest';
import { manifestText, withRecipeTrees } from './trees';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = buildManifest(root);
writeFileSync(join(root, 'tools/recipes/manifest.json'), manifestText(manifest));
for (const docs of new Set(manifest.recipes.filter(({ pending }) => !pending).map(({ docs }) => docs))) {
  const path = join(root, docs);
  writeFileSync(path, withRecipeTrees(readFileSync(path, 'utf8'), manifest));
}
for (const problem of manifest.problems) console.error(problem);
process.exitCode = manifest.problems.length > 0 ? 1 : 0;
