/** Returning a `Response` object: full control of body and headers, here a CSV download. */
// GET /api/v1/products.csv
// Access: anyone. Limits: None needed: a fixed list; it stores nothing.
// 200 text/csv: Every product, as a CSV download.
import { defineEventHandler } from 'h3';

import { toCsv } from '../../../lib/feeds';
import { products } from '../../../../shared/products';

export default defineEventHandler(() => {
  const rows = products.map((product) => [product.id, product.name, product.description, product.price]);
  return new Response(toCsv([['id', 'name', 'description', 'price'], ...rows]), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="products.csv"',
    },
  });
});
