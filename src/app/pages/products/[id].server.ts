import type { PageServerLoad } from '@analogjs/router';

import type { Product } from '../../../server/lib/products';

/** Reads `params.id` and fetches that product; `product: null` when the API has none (404 or 422). */
export const load = async ({ params, fetch }: PageServerLoad) => {
  const id = encodeURIComponent(params?.['id'] ?? '');
  const response = await fetch.raw<Product>(`/api/v1/products/${id}`, { ignoreResponseError: true });
  if (response.status === 404 || response.status === 422) return { product: null };
  if (!response.ok) throw new Error(`GET /api/v1/products/${id} answered ${response.status}`);
  return { product: response._data ?? null };
};
