import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';

import { oneByteChunks } from './one-byte-chunks.ts';

/** What rollup hands the hook: its own parser as `this.parse`. */
const render = (code: string) => {
  const { renderChunk } = oneByteChunks() as { renderChunk: (this: unknown, code: string) => unknown };
  return renderChunk.call({ parse: parseAst }, code) as { code: string } | null;
};

/** A module's exports, evaluated from its source. */
const exportsOf = async (code: string) =>
  (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
    string,
    unknown
  >;

const pastLatin1 = /[^\x00-\xff]/;

describe('oneByteChunks', () => {
  it('leaves a chunk whose characters all fit in Latin-1 alone', () => {
    expect(render('export const price = "5 é";')).toBeNull();
  });

  it('writes every other character as an escape with the same meaning', async () => {
    const source = [
      '// a comment: x ≤ y',
      'const ɵname = "≤ 16 KiB";',
      'export const text = ɵname;',
      'export const quoted = "\\…";',
      'export const template = `${text} …`;',
      'export const pattern = /^[…≤]+$/u.test("…≤");',
      'export const emoji = "😀".length;',
    ].join('\n');
    const rendered = render(source);
    expect(rendered?.code).not.toMatch(pastLatin1);
    expect(rendered?.code.split('\n')).toHaveLength(7);
    expect(await exportsOf(rendered!.code)).toEqual(await exportsOf(source));
  });

  it("keeps a tagged template's text as written: its tag may read it raw", async () => {
    const source = 'export const raw = String.raw`a … b`;\nexport const other = "…";';
    const rendered = render(source);
    expect(rendered?.code).toContain('String.raw`a … b`');
    expect(rendered?.code).toContain('"\\u2026"');
    expect(await exportsOf(rendered!.code)).toEqual(await exportsOf(source));
  });
});
