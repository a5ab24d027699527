import { type InferRouteResult, definePageLoad } from '#server-actions';
import { z } from 'zod';

import { ogImageUrl } from '../../../server/lib/og-images';
import type { route } from '../../../server/routes/api/v1/products/[id].get';

/**
 * Checks `params.id` before it fetches anything (422 when it is no positive integer), then fetches
 * that product, typed by the route's own `route` export; the API's 404 for an unknown id is the
 * page's 404. `ogImage` is the absolute, versioned URL of its Open Graph image, built from `SITE_URL`.
 */
export const load = definePageLoad({
  params: z.object({ id: z.coerce.number().int().positive() }),
  handler: async ({ params, fetch }) => {
    const product = await fetch<InferRouteResult<typeof route>>(`/api/v1/products/${params.id}`);
    return { product, ogImage: ogImageUrl(product) };
  },
});
