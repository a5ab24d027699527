/** XML route: set `content-type: text/xml` and return the document as a string. */
// ANY /api/rss.xml
import { defineEventHandler, setHeader } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { products } from '../../../shared/products';
import { productFeed } from '../../lib/feeds';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The product feed.', content: { 'text/xml': {} } },
    },
  },
});

export default defineEventHandler((event) => {
  setHeader(event, 'content-type', 'text/xml');
  return productFeed(products);
});
