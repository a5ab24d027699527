import { LRUCache } from 'lru-cache';
import type { SatoriOptions } from 'satori';

import type { Product } from '../../../shared/products';
import { ogImageVersion } from './version';

/** The size Open Graph and X (Twitter) `summary_large_image` cards show without cropping. */
export const ogImageSize = { width: 1200, height: 630 } as const;

export type OgImageFonts = SatoriOptions['fonts'];

/** The part of a product the picture shows. */
type Shown = Pick<Product, 'name' | 'price'>;

const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The picture as satori's element tree. The product's text goes in as string children, which
 * satori draws as text: markup in a name is drawn character by character, never parsed. (An HTML
 * string, as `ImageResponse` from `@analogjs/content/og` takes, is parsed: a name's `<img src>`
 * would make the server fetch that URL, and escaped text would be drawn as `&lt;`.)
 */
export function ogImageElement(product: Shown) {
  const text = (fontSize: number, fontWeight: number, color: string, children: string) => ({
    type: 'div',
    props: { style: { display: 'flex', fontSize, fontWeight, color }, children },
  });
  return {
    type: 'div',
    props: {
      style: {
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        width: '100%',
        height: '100%',
        padding: 80,
        background: '#fdfcfb',
        fontFamily: 'Inter',
      },
      children: [
        text(64, 700, '#111827', product.name),
        text(56, 400, '#b91c1c', price.format(product.price)),
        text(28, 400, '#4b5563', 'Analog API routes'),
      ],
    },
  };
}

/**
 * Renders the picture to PNG bytes: satori draws SVG, sharp rasterises it. Both load with the
 * first render, not with the server: together they hold about 30 MB of memory (sharp's libvips,
 * satori's layout engine) that a server which never draws a picture has no use for.
 */
export async function renderOgImage(product: Shown, fonts: OgImageFonts): Promise<Buffer> {
  const [{ default: satori }, { default: sharp }] = await Promise.all([import('satori'), import('sharp')]);
  const svg = await satori(ogImageElement(product), { ...ogImageSize, fonts });
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The PNG of a product, rendered once per version: the cache holds the render's promise, so
 * concurrent requests for a new version share one render, and a failed render is forgotten.
 * `max` bounds it: the least recently used version goes first.
 */
export function ogImageRenderer(loadFonts: () => Promise<OgImageFonts>, max = 200) {
  const renders = new LRUCache<string, Promise<Buffer>>({ max });
  return (product: Shown): Promise<Buffer> => {
    const version = ogImageVersion(product);
    let png = renders.get(version);
    if (!png) {
      png = loadFonts().then((fonts) => renderOgImage(product, fonts));
      renders.set(version, png);
      png.catch(() => renders.get(version) === png && renders.delete(version));
    }
    return png;
  };
}
