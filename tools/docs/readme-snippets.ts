import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A README snippet introduced by its file's path on the line before: `` `src/…/x.ts` ``, then a ts block. */
const fileSnippet = /^`((?:src|e2e)\/[^`\s]+\.ts)`\n\n```ts\n[\s\S]*?```$/gm;

/** `readme` with every file snippet replaced by that file's whole text, imports included. */
export function withFileSnippets(readme: string, root: string): string {
  return readme.replace(fileSnippet, (_snippet, file: string) => {
    const text = readFileSync(join(root, file), 'utf8');
    return `\`${file}\`\n\n\`\`\`ts\n${text.endsWith('\n') ? text : `${text}\n`}\`\`\``;
  });
}

/**
 * Checks an excerpt, a fenced block whose info string names its file (```` ```ts src/server/lib/users/users.ts ````):
 * its lines must be a run of that file's lines, taken verbatim apart from one common indent.
 * Returns what is wrong, or `undefined`.
 */
export function excerptProblem(root: string, file: string, excerpt: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    return `quotes ${file}, which does not exist`;
  }
  if (!excerpt.trim()) return `quotes nothing from ${file}`;
  const wanted = dedent(excerpt.split('\n'));
  const lines = text.split('\n');
  for (let start = 0; start + wanted.length <= lines.length; start++) {
    if (dedent(lines.slice(start, start + wanted.length)).every((line, index) => line === wanted[index]))
      return;
  }
  return `quotes lines that are not in ${file} (copy them again from the file)`;
}

/** `lines` without the indent they all share (blank lines aside). */
function dedent(lines: string[]): string[] {
  const indents = lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length);
  const indent = Math.min(...indents, Infinity);
  return lines.map((line) => (line.trim() ? line.slice(indent === Infinity ? 0 : indent) : ''));
}
