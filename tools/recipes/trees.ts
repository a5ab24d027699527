import { posix } from 'node:path';

import type { Manifest, RecipeManifest } from './manifest';

export const treeStart = (name: string) => `<!-- recipe-tree:${name}:start -->`;
export const treeEnd = (name: string) => `<!-- recipe-tree:${name}:end -->`;

/** The manifest file's text: what `npm run recipes` writes and the spec compares. */
export const manifestText = (manifest: Manifest) => `${JSON.stringify(manifest, null, 2)}\n`;

/** A recipe's files as a tree of folders, each file with its line count, for its docs page. */
export function recipeTree(recipe: RecipeManifest, docs: string): string {
  const folders = new Map<string, { name: string; lines: number }[]>();
  for (const { path, lines } of recipe.files) {
    const folder = `${posix.dirname(path)}/`;
    folders.set(folder, [...(folders.get(folder) ?? []), { name: posix.basename(path), lines }]);
  }
  const width = Math.max(...recipe.files.map(({ path }) => posix.basename(path).length), 10) + 2;
  const tree = [...folders].flatMap(([folder, files]) => [
    folder,
    ...files.map(({ name, lines }) => `  ${name.padEnd(width)}${String(lines).padStart(4)}`),
  ]);
  const manifestLink = posix.relative(posix.dirname(docs), 'tools/recipes/manifest.json');
  const changelogLink = `${posix.relative(posix.dirname(docs), 'tools/recipes/CHANGELOG.md')}#${recipe.name}`;
  const packages = Object.entries(recipe.packages).map(([name, version]) => `\`${name}@${version}\``);
  const builds =
    recipe.dependsOn.length > 0 ? recipe.dependsOn.map((name) => `\`${name}\``).join(', ') : 'a stock app';
  return [
    `**Recipe \`${recipe.name}\`**: ${recipe.files.length} files, ${recipe.lines} lines, on top of ${builds}`,
    `([manifest](${manifestLink}), written by \`npm run recipes\`; [what changed](${changelogLink})).` +
      (packages.length > 0 ? ` Packages: ${packages.join(', ')}.` : ''),
    '',
    '```text',
    ...tree,
    '```',
  ].join('\n');
}

/** `markdown` with each recipe's tree between its markers; pages without markers are left alone. */
export function withRecipeTrees(markdown: string, manifest: Manifest, docs?: string): string {
  let result = markdown;
  for (const recipe of manifest.recipes) {
    if (docs !== undefined && recipe.docs !== docs) continue;
    const start = result.indexOf(treeStart(recipe.name));
    const end = result.indexOf(treeEnd(recipe.name));
    if (start < 0 || end < start) continue;
    result = `${result.slice(0, start)}${treeStart(recipe.name)}\n${recipeTree(recipe, recipe.docs)}\n${result.slice(end)}`;
  }
  return result;
}
