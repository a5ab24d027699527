/** Method suffix: `.get.ts` restricts the file to GET; the `Product` type it serves is shared with the pages. */
// GET /api/v1/products
import { defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { products } from '../../../../shared/products';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'Every product.' },
    },
  },
});

export default defineEventHandler(() => products);
