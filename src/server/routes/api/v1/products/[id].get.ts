/** Validated params, then a guard: `params.id` must be a positive integer, and a product must have it. */
// GET /api/v1/products/:id
// Access: anyone. Limits: None needed: a fixed list; it stores nothing.
// 200: The product.
import { defineApiRoute } from '#server-actions';
import { z } from 'zod';

import { requireProduct } from '../../../../../shared/products';

export const route = defineApiRoute({
  params: z.object({ id: z.coerce.number().int().positive() }),
  handler: ({ params }) => requireProduct(params.id),
});

export default route;
