import type { PageServerLoad } from '@analogjs/router';

import { ApiError, loaderApi } from '../../shared/api-client';

/** Reads `params.id` and fetches that product; `product: null` when the API has none (404 or 422). */
export const load = async ({ params, fetch }: PageServerLoad) => {
  try {
    const id = params?.['id'] ?? '';
    return { product: await loaderApi(fetch)('/api/v1/products/:id', { params: { id } }) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return { product: null };
    throw error;
  }
};
