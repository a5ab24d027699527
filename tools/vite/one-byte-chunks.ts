import type { Plugin } from 'rollup';

/** A UTF-16 code unit past Latin-1, with the backslashes before it. */
const pastLatin1 = /(\\*)([^\x00-\xff])/g;

/** `\uXXXX`; a backslash that escaped the character (`\…` is `…`) goes, or it would escape the escape. */
const escape = (slashes: string, char: string) =>
  `${slashes.slice(slashes.length % 2)}\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

type Range = [start: number, end: number];

/** Where the tagged templates' text is: a tag may read it raw, where `\u2026` is not `…`. */
function taggedTemplates(node: unknown, ranges: Range[] = []): Range[] {
  if (!node || typeof node !== 'object') return ranges;
  const { type, quasi } = node as { type?: string; quasi?: { start: number; end: number } };
  if (type === 'TaggedTemplateExpression' && quasi) ranges.push([quasi.start, quasi.end]);
  for (const child of Object.values(node)) taggedTemplates(child, ranges);
  return ranges;
}

/** `code` with every character past Latin-1 escaped, except in tagged templates; `null` when it has none. */
export function latin1Code(code: string, parse: (code: string) => unknown): string | null {
  if (!/[^\x00-\xff]/.test(code)) return null;
  const tagged = taggedTemplates(parse(code));
  const inTagged = (at: number) => tagged.some(([start, end]) => at >= start && at < end);
  return code.replace(pastLatin1, (match: string, slashes: string, char: string, at: number) =>
    inTagged(at + slashes.length) ? match : escape(slashes, char),
  );
}

/**
 * V8 keeps each module's source for as long as the module lives: as a one-byte string when every
 * character fits in Latin-1, as a two-byte string (twice the memory) otherwise. One `≤` in the API
 * catalogue made the server's 2 MB main chunk (static files inlined) a 4 MB string, and Angular's
 * `ɵ` names do the same to the 1.5 MB renderer. This writes every other character as its `\uXXXX`
 * escape, which means the same character in strings, untagged templates, regular expressions and
 * names, and changes nothing in a comment; one beyond U+FFFF becomes its two UTF-16 halves. A
 * tagged template's text stays as written. Lines stay where they were, so stack traces still
 * point at the right line.
 */
export const oneByteChunks = (): Plugin => ({
  name: 'one-byte-chunks',
  renderChunk(code) {
    const latin1 = latin1Code(code, (source) => this.parse(source));
    return latin1 === null ? null : { code: latin1, map: null };
  },
});
