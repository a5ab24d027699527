import type { PageServerLoad } from '@analogjs/router';

import { setSafeCookie } from '../../server/lib/http';
import { loaderApi } from '../shared/api-client';

/** Sets a cookie and calls the app's own API, typed by path, through Nitro's in-process `fetch`. */
export const load = async ({ event, fetch }: PageServerLoad) => {
  setSafeCookie(event, 'products', 'loaded');
  return { products: await loaderApi(fetch)('/api/v1/products') };
};
