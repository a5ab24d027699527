import { type Product, products } from '../../../shared/products';
import { siteUrl } from '../site';
import { ogImagePath } from './build';
import { ogImageVersion } from './version';

/**
 * The absolute, versioned URL a product page puts in `og:image`: the configured origin
 * (`SITE_URL`), never the request's Host, and `?v=` the picture's version.
 */
export function ogImageUrl(product: Product): string {
  return `${siteUrl()}${ogImagePath(product.id)}?v=${ogImageVersion(product)}`;
}

/**
 * `Cache-Control` directives after h3's `public`: a year and `immutable` when `?v=` names the
 * current version (those bytes never change); otherwise ask each time (`no-cache`), since the
 * unversioned URL and an outdated `?v=` show what the product looks like now.
 */
export function ogImageCacheControls(product: Product, version: unknown): string[] {
  return version === ogImageVersion(product) ? ['max-age=31536000', 'immutable'] : ['no-cache'];
}

const imagePath = /^\/api\/v1\/products\/(\d+)\/og\.png(?:\?(.*))?$/;

/**
 * The `Cache-Control` the route would send for `path`, for Nitro's static layer, which answers
 * the prerendered images before any route or middleware runs; `undefined` for other paths.
 */
export function ogImagePathCacheControl(path: string): string | undefined {
  if (!path.startsWith('/api/v1/products/')) return undefined;
  const [, id, search] = imagePath.exec(path) ?? [];
  const product = id === undefined ? undefined : products.find((candidate) => candidate.id === Number(id));
  if (!product) return undefined;
  const version = new URLSearchParams(search).get('v') ?? undefined;
  return ['public', ...ogImageCacheControls(product, version)].join(', ');
}
