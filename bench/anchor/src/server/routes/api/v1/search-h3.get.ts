/** Twin B: the same route by hand, with plain h3 helpers and the same schema's `safeParse`. */
// GET /api/v1/search-h3?q=a
import { defineEventHandler, getQuery, setHeader, setResponseStatus } from 'h3';

import { searchProducts } from '../../../../../../../src/shared/products';
import { searchQuery } from '../../../lib/search-query';

export default defineEventHandler((event) => {
  const parsed = searchQuery.safeParse(getQuery(event));
  if (!parsed.success) {
    setResponseStatus(event, 422);
    setHeader(event, 'x-analog-errors', 'true');
    return parsed.error.issues;
  }
  const { q, page, tag } = parsed.data;
  return { q, page, tags: tag, results: searchProducts(q, page) };
});
