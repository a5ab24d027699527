import type { PageServerLoad } from '@analogjs/router';

import type { Product } from '../../../../../src/shared/products';

export const load = async ({ fetch }: PageServerLoad) => ({
  products: await fetch<Product[]>('/api/v1/products'),
});
