import type { PageServerLoad } from '@analogjs/router';
import type { InferRouteResult } from '#server-actions';
import { FetchError } from 'ofetch';

import { ogImageUrl } from '../../../server/lib/og-images';
import type { route } from '../../../server/routes/api/v1/products/[id].get';

/**
 * Reads `params.id` and fetches that product, typed by the route's own `route` export;
 * `product: null` when the API has none (404) or the id is no positive integer (422).
 * `ogImage` is the absolute, versioned URL of its Open Graph image, built from `SITE_URL`.
 */
export const load = async ({ params, fetch }: PageServerLoad) => {
  try {
    const id = encodeURIComponent(params?.['id'] ?? '');
    const product = await fetch<InferRouteResult<typeof route>>(`/api/v1/products/${id}`);
    return { product, ogImage: ogImageUrl(product) };
  } catch (error) {
    if (error instanceof FetchError && (error.status === 404 || error.status === 422)) {
      return { product: null, ogImage: null };
    }
    throw error;
  }
};
