import type { PageServerLoad } from '@analogjs/router';
import type { InferRouteResult } from '#server-actions';

import { supplierPrices } from '../../server/lib/supplier';
import type { route } from '../../server/routes/api/v1/todos/summary.get';

/**
 * The todo counts come from the app's own cached API at once; the supplier's prices take 300 ms.
 * Both run at the same time, so the page waits for the slower one only.
 */
export const load = async ({ fetch }: PageServerLoad) => {
  const [todos, supplier] = await Promise.all([
    fetch<InferRouteResult<typeof route>>('/api/v1/todos/summary', { query: { by: 'month' } }),
    supplierPrices(),
  ]);
  return { todos: { total: todos.total, done: todos.done }, supplier };
};
