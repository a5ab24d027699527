/** Method suffix: `.get.ts` restricts the file to GET; the `Product` type it serves is shared with the pages. */
// GET /api/v1/products
import { defineEventHandler } from 'h3';

import { products } from '../../../lib/products';

export default defineEventHandler(() => products);
