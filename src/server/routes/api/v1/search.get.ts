/** Validated query: `defineApiRoute` coerces, defaults and checks the URL query before the handler runs. */
// GET /api/v1/search?q=an&page=2&tag=x&tag=y
// Access: anyone. Limits: None needed: it reads one page of a fixed list.
// 200: A page of matching products.
import { defineApiRoute } from '#server-actions';
import { z } from 'zod';

import { searchProducts } from '../../../../shared/products';

export const route = defineApiRoute({
  query: z.object({
    q: z.string().trim().min(1, 'Enter a search term'),
    page: z.coerce.number().int().positive().default(1),
    tag: z
      .union([z.string(), z.array(z.string())])
      .transform((tag) => (Array.isArray(tag) ? tag : [tag]))
      .default([]),
  }),
  handler: ({ query: { q, page, tag } }) => ({ q, page, tags: tag, results: searchProducts(q, page) }),
});

export default route;
