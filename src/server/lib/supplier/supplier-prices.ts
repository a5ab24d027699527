import { setTimeout } from 'node:timers/promises';

import { products } from '../../../shared/products';

/** How long the supplier's price list takes to answer. */
export const supplierLatencyMs = 300;

/**
 * Today's purchase prices from the supplier: the slow part of a dashboard. It stands for a call
 * to another company's API or a data warehouse, which answers in hundreds of milliseconds however
 * fast this server is; here the wait is explicit, and the prices are the catalogue's at a 40%
 * trade discount, so the page shows something the shop would really read.
 */
export async function supplierPrices() {
  await setTimeout(supplierLatencyMs);
  return {
    asOf: new Date().toISOString(),
    prices: products.map(({ id, name, price }) => ({
      id,
      name,
      listPrice: price,
      purchasePrice: Math.round(price * 60) / 100,
    })),
  };
}
