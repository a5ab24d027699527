/** Method suffix: `.get.ts` answers GET (and HEAD) only; other methods fall to the catch-all. */
// GET /api/v1/products
import { defineEventHandler } from 'h3';

import { products } from '../../../lib/products';

export default defineEventHandler(() => products);
