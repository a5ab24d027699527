import { parseAst } from 'rollup/parseAst';
import { describe, expect, it } from 'vitest';

import { latin1Code } from './one-byte-chunks.ts';

/** The chunk as the plugin writes it; a chunk it leaves alone fails the test that expected a change. */
const render = (code: string) => latin1Code(code, parseAst) ?? expect.unreachable(`unchanged: ${code}`);

/** A module's exports, evaluated from its source. */
const exportsOf = async (code: string) =>
  (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
    string,
    unknown
  >;

const pastLatin1 = /[^\x00-\xff]/;

describe('latin1Code: what oneByteChunks makes of a server chunk', () => {
  it('leaves a chunk whose characters all fit in Latin-1 alone', () => {
    expect(latin1Code('export const price = "5 é";', parseAst)).toBeNull();
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
    expect(rendered).not.toMatch(pastLatin1);
    expect(rendered.split('\n')).toHaveLength(7);
    expect(await exportsOf(rendered)).toEqual(await exportsOf(source));
  });

  it("keeps a tagged template's text as written: its tag may read it raw", async () => {
    const source = 'export const raw = String.raw`a … b`;\nexport const other = "…";';
    const rendered = render(source);
    expect(rendered).toContain('String.raw`a … b`');
    expect(rendered).toContain('"\\u2026"');
    expect(await exportsOf(rendered)).toEqual(await exportsOf(source));
  });
});
