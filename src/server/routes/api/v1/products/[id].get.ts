/** Validated params, then a guard: `params.id` must be a positive integer, and a product must have it. */
// GET /api/v1/products/:id
import { defineApiRoute } from '#server-actions';
import { defineRouteMeta } from 'nitropack/runtime';
import { z } from 'zod';

import { requireProduct } from '../../../../../shared/products';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: a fixed list; it stores nothing.',
    responses: {
      200: { description: 'The product.' },
      404: { description: 'No product has the id.' },
    },
  },
});

export const route = defineApiRoute({
  params: z.object({ id: z.coerce.number().int().positive() }),
  handler: ({ params }) => requireProduct(params.id),
});

export default route;
