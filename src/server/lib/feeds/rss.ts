import type { Product } from '../../../shared/products';
import { siteUrl } from '../site';
import { escapeXml } from './xml';

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
