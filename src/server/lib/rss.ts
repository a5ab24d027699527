import type { Product } from './products';
import { siteUrl } from './site';

const xmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Code points XML 1.0 cannot carry at all, even escaped: C0 controls but tab and line breaks, lone surrogates, U+FFFE/F. */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Escapes text for an XML text node or attribute. Characters XML cannot hold become U+FFFD,
 * so one stray control character never turns the whole feed into malformed XML.
 */
export function escapeXml(text: string): string {
  return text.replace(notXmlChar, '\uFFFD').replace(/[&<>"']/g, (character) => xmlEntities[character]);
}

/** An RSS 2.0 feed with one `<item>` per product; every text node is escaped. Links start at `SITE_URL`. */
export function productFeed(items: readonly Product[], site = siteUrl()): string {
  const entries = items.map(
    (product) => `    <item>
      <title>${escapeXml(product.name)}</title>
      <link>${escapeXml(`${site}/#product-${product.id}`)}</link>
      <guid isPermaLink="false">product-${product.id}</guid>
      <description>${escapeXml(product.description)}</description>
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Analog API routes: products</title>
    <link>${escapeXml(`${site}/`)}</link>
    <description>The demo catalogue, as an RSS feed served by a file-based API route.</description>
${entries.join('\n')}
  </channel>
</rss>
`;
}
