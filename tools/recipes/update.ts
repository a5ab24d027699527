// `npm run recipes`: rewrites tools/recipes/manifest.json from recipes.ts and the import graph, and
// each docs page's recipe tree and copy steps from the manifest.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { withCopySteps } from './copy-steps';
import { buildManifest } from './manifest';
import { manifestText, withRecipeTrees } from './trees';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = buildManifest(root);
writeFileSync(join(root, 'tools/recipes/manifest.json'), manifestText(manifest));
for (const docs of new Set(manifest.recipes.filter(({ pending }) => !pending).map(({ docs }) => docs))) {
  const path = join(root, docs);
  writeFileSync(path, withCopySteps(withRecipeTrees(readFileSync(path, 'utf8'), manifest), manifest, root));
}
// What a reader copies for each recipe, and how much of it is the recipe itself (its lesson share).
const rows = manifest.recipes.map(({ name, kind, lines, copy }) =>
  [name, kind, lines, copy.files, copy.lines, `${Math.round((100 * lines) / copy.lines)}%`].map(String),
);
const table = [['recipe', 'kind', 'own lines', 'copy files', 'copy lines', 'share'], ...rows];
const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
process.stdout.write(
  table
    .map((row) =>
      row
        .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n') + '\n',
);
for (const problem of manifest.problems) console.error(problem);
process.exitCode = manifest.problems.length > 0 ? 1 : 0;
