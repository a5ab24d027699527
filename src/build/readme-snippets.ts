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

/** The files the README quotes whole. */
export function snippetFiles(readme: string): string[] {
  return [...readme.matchAll(fileSnippet)].map(([, file]) => file);
}
