import { readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import satori from 'satori';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type OgImageFonts, ogImageElement, ogImageRenderer, ogImageSize } from './og-image';
import { ogImageVersion } from './version';

const fontFile = (weight: number) =>
  readFileSync(
    new URL(
      `../../../../node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff`,
      import.meta.url,
    ),
  );
const fonts: OgImageFonts = [400, 700].map((weight) => ({
  name: 'Inter',
  data: fontFile(weight),
  weight: weight as 400 | 700,
  style: 'normal',
}));
const loadFonts = () => Promise.resolve(fonts);
const mug = { name: 'Angular Mug', price: 9 };

describe('ogImageElement', () => {
  let server: Server;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((_, response) => {
      requests += 1;
      response.end();
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  });
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  it('draws a name holding markup as its characters, and makes the server fetch nothing', async () => {
    const { port } = server.address() as AddressInfo;
    const name = `<img src="http://127.0.0.1:${port}/x.png" width="9" height="9"> &amp; <b>`;
    // embedFont: false writes each run of text as a <text> element instead of glyph outlines.
    const svg = await satori(ogImageElement({ name, price: 1 }), { ...ogImageSize, fonts, embedFont: false });
    const drawn = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
      .map(([, text]) =>
        text
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"'),
      )
      .map((text) => text.replace(/&amp;/g, '&'))
      .join('');
    expect(drawn.replace(/\s/g, '')).toContain(name.replace(/\s/g, ''));
    expect(svg).not.toContain('<image');
    expect(requests).toBe(0);
  });
});

describe('ogImageRenderer', () => {
  it('renders a version once: every request for it gets the same promise and the same bytes', async () => {
    const render = ogImageRenderer(loadFonts);
    const first = render(mug);
    expect(render({ ...mug })).toBe(first);
    const png = await first;
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(await render(mug)).toBe(png);
  });

  it('renders again when the name or price changes, as its version does', async () => {
    const render = ogImageRenderer(loadFonts);
    const cheaper = { ...mug, price: 8 };
    expect(ogImageVersion(cheaper)).not.toBe(ogImageVersion(mug));
    const [before, after] = await Promise.all([render(mug), render(cheaper)]);
    expect(after.equals(before)).toBe(false);
  });

  it('keeps at most `max` versions, dropping the least recently used', async () => {
    const render = ogImageRenderer(loadFonts, 1);
    const first = await render(mug);
    await render({ ...mug, name: 'Angular Cup' });
    const again = await render(mug);
    expect(again).not.toBe(first);
    expect(again.equals(first)).toBe(true);
  });

  it('forgets a failed render, so the next request tries again', async () => {
    let calls = 0;
    const render = ogImageRenderer(async () => {
      calls += 1;
      if (calls === 1) throw new Error('fonts not readable yet');
      return fonts;
    });
    await expect(render(mug)).rejects.toThrow('fonts not readable yet');
    expect((await render(mug)).subarray(1, 4).toString()).toBe('PNG');
  });
});
