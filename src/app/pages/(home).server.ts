import type { PageServerLoad } from '@analogjs/router';

import { setSafeCookie } from '../../server/lib/cookies';
import type { Product } from '../../shared/products';

/** Sets a cookie and calls the app's own API through Nitro's in-process `fetch`, typed as the route serves it. */
export const load = async ({ event, fetch }: PageServerLoad) => {
  setSafeCookie(event, 'products', 'loaded');
  return { products: await fetch<Product[]>('/api/v1/products') };
};
