import type { PageServerLoad } from '@analogjs/router';

import { setSafeCookie } from '../../server/lib/cookies';
import type { Product } from '../../server/lib/products';

/** Sets a cookie and fetches typed data from the app's own API through Nitro's `fetch`. */
export const load = async ({ event, fetch }: PageServerLoad) => {
  setSafeCookie(event, 'products', 'loaded');
  return { products: await fetch<Product[]>('/api/v1/products') };
};
