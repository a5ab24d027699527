/** Method suffix: `.get.ts` restricts the file to GET; the `Product` type it serves is shared with the pages. */
// GET /api/v1/products
// Access: anyone. Limits: None needed: a fixed list; it stores nothing.
// 200: Every product.
import { defineEventHandler } from 'h3';

import { products } from '../../../../shared/products';

export default defineEventHandler(() => products);
