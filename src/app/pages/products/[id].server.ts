import type { PageServerLoad } from '@analogjs/router';

import { ogImageUrl } from '../../../server/lib/og-images';
import { ApiError, loaderApi } from '../../shared/api-client';

/**
 * Reads `params.id` and fetches that product; `product: null` when the API has none (404 or 422).
 * `ogImage` is the absolute, versioned URL of its Open Graph image, built from `SITE_URL`.
 */
export const load = async ({ params, fetch }: PageServerLoad) => {
  try {
    const id = params?.['id'] ?? '';
    const product = await loaderApi(fetch)('/api/v1/products/:id', { params: { id } });
    return { product, ogImage: ogImageUrl(product) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      return { product: null, ogImage: null };
    }
    throw error;
  }
};
