/** XML route: set `content-type: text/xml` and return the document as a string. */
// ANY /api/rss.xml
import { defineEventHandler, setHeader } from 'h3';

import { products } from '../../lib/products';
import { productFeed } from '../../lib/rss';

export default defineEventHandler((event) => {
  setHeader(event, 'content-type', 'text/xml');
  return productFeed(products);
});
