import type { Product } from './products';

const xmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for an XML text node or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character]);
}

/** The site's public origin, used for absolute links in the feed; set SITE_URL in production. */
export const siteUrl = (process.env['SITE_URL'] ?? 'http://localhost:3000').replace(/\/+$/, '');

/** An RSS 2.0 feed with one `<item>` per product; every text node is escaped. */
export function productFeed(items: readonly Product[]): string {
  const entries = items.map(
    (product) => `    <item>
      <title>${escapeXml(product.name)}</title>
      <link>${escapeXml(`${siteUrl}/#product-${product.id}`)}</link>
      <guid isPermaLink="false">product-${product.id}</guid>
      <description>${escapeXml(product.description)}</description>
    </item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>Analog API routes: products</title>
    <link>${escapeXml(`${siteUrl}/`)}</link>
    <description>The demo catalogue, as an RSS feed served by a file-based API route.</description>
${entries.join('\n')}
  </channel>
</rss>
`;
}
