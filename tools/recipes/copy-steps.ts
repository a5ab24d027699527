// Each docs page's "Copy this recipe" steps: the command, then what it does to a stock app as steps a reader
// can follow by hand. They come from the command's own plan for the stock app (tools/recipes/stock-app) with
// the recipes it builds on already added, so the page shows this recipe's edits and no one else's.
import { createTwoFilesPatch } from 'diff';
import { posix } from 'node:path';

import { type AppReader, appOnDisk, planAdd } from './add';
import type { Manifest } from './manifest';

export const copyStart = (name: string) => `<!-- recipe-copy:${name}:start -->`;
export const copyEnd = (name: string) => `<!-- recipe-copy:${name}:end -->`;

/** The changes a unified diff shows, with two lines of context and without the header's separator. */
const patch = (path: string, before: string, after: string) =>
  createTwoFilesPatch(path, path, before, after, undefined, undefined, { context: 2 })
    .replace(/^Index: .*\n=+\n/, '')
    .trimEnd();

/** The packages package.json gains, as the npm commands that add them. */
function installCommands(before: string, after: string): string[] {
  const added = (group: string) => {
    const names = (text: string) =>
      (JSON.parse(text) as Record<string, Record<string, string> | undefined>)[group] ?? {};
    const old = names(before);
    return Object.entries(names(after))
      .filter(([name]) => !(name in old))
      .map(([name, version]) => `${name}@${version}`);
  };
  const dependencies = added('dependencies');
  const devDependencies = added('devDependencies');
  return [
    ...(dependencies.length > 0 ? [`npm install -E ${dependencies.join(' ')}`] : []),
    ...(devDependencies.length > 0 ? [`npm install -D -E ${devDependencies.join(' ')}`] : []),
  ];
}

/** The "Copy this recipe" steps for `name`, as Markdown for its docs page (links relative to that page). */
export function copySteps(manifest: Manifest, name: string, root: string): string {
  const recipe = manifest.recipes.find((each) => each.name === name)!;
  const stockApp = posix.join(root, 'tools/recipes/stock-app');
  const stock = appOnDisk(stockApp);
  const added = new Map<string, string>();
  const read: AppReader = (path) => added.get(path) ?? stock(path);
  if (recipe.dependsOn.length > 0)
    for (const { path, after } of planAdd({ root, manifest, names: recipe.dependsOn, app: stockApp, read })
      .changes)
      added.set(path, after);
  const plan = planAdd({ root, manifest, names: [name], app: stockApp, read, only: true });

  const docsDir = posix.dirname(recipe.docs);
  const link = (path: string) => posix.relative(docsDir, path);
  const dependencies = recipe.dependsOn.map((each) => {
    const docs = manifest.recipes.find((dependency) => dependency.name === each)!.docs;
    return `[\`${each}\`](${link(docs)})`;
  });
  const copied = new Set(recipe.files.map(({ path }) => path));
  const steps: string[] = [
    copied.size > 0 ? `Copy the ${copied.size} files above from this repository, at the same paths.` : '',
  ];
  for (const { path, before = '', after } of plan.changes) {
    if (copied.has(path)) continue;
    if (path === 'package.json') {
      const commands = installCommands(before, after);
      if (commands.length > 0) steps.push(`Add the packages:\n\n\`\`\`sh\n${commands.join('\n')}\n\`\`\``);
    } else if (path === '.env.example') {
      const vars = plan.recipes.flatMap(({ config }) => Object.entries(config.env ?? {}));
      const cell = (text: string) => text.replaceAll('|', '\\|');
      steps.push(
        `Set the environment variables it reads (\`.env.example\` lists them):\n\n| variable | meaning |\n| --- | --- |\n` +
          vars
            .map(
              ([key, { meaning, secret }]) =>
                `| \`${key}\` | ${cell(meaning)}${secret ? '. A secret: set it where the server runs, never commit it' : ''} |`,
            )
            .join('\n'),
      );
    } else {
      steps.push(`Edit \`${path}\`:\n\n\`\`\`diff\n${patch(path, before, after)}\n\`\`\``);
    }
  }
  steps.push(...plan.recipes.flatMap(({ config }) => config.steps ?? []));
  const numbered = steps
    .filter(Boolean)
    .map((step, index) => `${index + 1}. ${step.replaceAll('\n', '\n   ')}`);
  return [
    `**With the command**, from a clone of this repository ([what it does](${link('tools/recipes/README.md')})),`,
    'into an app `npm create analog` made:',
    '',
    '```sh',
    `npm run recipe -- add ${name} --to ../my-app`,
    '```',
    '',
    dependencies.length > 0
      ? `**By hand**, the same steps: first add ${dependencies.join(', ')} (each page says how), then`
      : '**By hand**, the same steps:',
    '',
    ...numbered
      .join('\n')
      .split('\n')
      .map((line) => line.replace(/^ +$/, '')),
  ].join('\n');
}

/** `markdown` with each recipe's copy steps between its markers; pages without markers are left alone. */
export function withCopySteps(markdown: string, manifest: Manifest, root: string): string {
  let result = markdown;
  for (const recipe of manifest.recipes) {
    const start = result.indexOf(copyStart(recipe.name));
    const end = result.indexOf(copyEnd(recipe.name));
    if (start < 0 || end < start) continue;
    result = `${result.slice(0, start)}${copyStart(recipe.name)}\n${copySteps(manifest, recipe.name, root)}\n${result.slice(end)}`;
  }
  return result;
}
