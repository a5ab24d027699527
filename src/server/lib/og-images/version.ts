import { createHash } from 'node:crypto';

import type { Product } from '../../../shared/products';

/** Bump when the picture changes for the same product: every version, ETag and `?v=` changes with it. */
export const ogImageTemplateVersion = 1;

/**
 * The picture's content as a hash: 16 hex digits of SHA-256 over the template version and what
 * the picture shows (name and price). It is the `?v=` of the URL the pages link and the ETag's body.
 */
export function ogImageVersion({ name, price }: Pick<Product, 'name' | 'price'>): string {
  const content = JSON.stringify([ogImageTemplateVersion, name, price]);
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}
