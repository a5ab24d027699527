/** XML route: set `content-type: text/xml` and return the document as a string. */
// ANY /api/rss.xml
// Access: anyone. Limits: None needed: a fixed feed; it stores nothing.
// 200 text/xml: The product feed.
import { defineEventHandler, setHeader } from 'h3';

import { products } from '../../../shared/products';
import { productFeed } from '../../lib/feeds';

export default defineEventHandler((event) => {
  setHeader(event, 'content-type', 'text/xml');
  return productFeed(products);
});
