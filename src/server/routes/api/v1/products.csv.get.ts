/** Returning a `Response` object: full control of body and headers, here a CSV download. */
// GET /api/v1/products.csv
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { toCsv } from '../../../lib/feeds';
import { products } from '../../../../shared/products';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'Every product, as a CSV download.', content: { 'text/csv': {} } },
    },
  },
});

export default defineEventHandler(() => {
  const rows = products.map((product) => [product.id, product.name, product.description, product.price]);
  return new Response(toCsv([['id', 'name', 'description', 'price'], ...rows]), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="products.csv"',
    },
  });
});
