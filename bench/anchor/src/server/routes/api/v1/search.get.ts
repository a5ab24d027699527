/** Twin A: the app's `GET /api/v1/search`, validated by `defineApiRoute`. */
// GET /api/v1/search?q=a
import { defineApiRoute } from '#server-actions';

import { searchProducts } from '../../../../../../../src/shared/products';
import { searchQuery } from '../../../lib/search-query';

export default defineApiRoute({
  query: searchQuery,
  handler: ({ query: { q, page, tag } }) => ({ q, page, tags: tag, results: searchProducts(q, page) }),
});
