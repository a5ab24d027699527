import {
  type H3CorsOptions,
  type H3Event,
  getRequestHeader,
  getResponseHeader,
  handleCors,
  setResponseHeader,
} from 'h3';
import { createRouter } from 'radix3';

/**
 * The public read routes other sites may call from a browser; every other route stays
 * same-origin. Their answers carry no cookies and no per-user data.
 */
export const crossOriginRoutes = ['/api/v1/products', '/api/v1/products/:id'];

const crossOrigin = createRouter({
  routes: Object.fromEntries(crossOriginRoutes.map((route) => [route, {}])),
});

/**
 * h3's CORS options for an allow-list of origins (`CORS_ORIGINS`, comma-separated): only listed
 * origins, never `*`, and no credentials, so no cookie crosses.
 */
export function corsOptions(allowList: unknown): H3CorsOptions {
  const origins = String(allowList ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  return { origin: origins, methods: ['GET'], credentials: false, preflight: { statusCode: 204 } };
}

/**
 * CORS for the cross-origin routes: an allowed `Origin` gets `Access-Control-Allow-Origin`,
 * any other gets none, and a preflight is answered 204 here. `Vary: Origin` tells caches the
 * answer depends on it.
 */
export function handlePublicCors(event: H3Event, options: H3CorsOptions): void {
  // Under a middleware's path prefix h3 gives `event.path` without it: `originalUrl` is the whole path.
  if (!crossOrigin.lookup((event.node.req.originalUrl ?? event.path).split('?')[0])) return;
  // Without `Origin`, h3 would answer `*`: a same-origin or server-side read needs no CORS header.
  // A preflight it answered (204) has gone out: no header can follow.
  if (getRequestHeader(event, 'origin') && handleCors(event, options)) return;
  // h3 adds `Vary: origin` for an allowed origin only; caches must key every answer on it.
  if (!getResponseHeader(event, 'vary')) setResponseHeader(event, 'vary', 'Origin');
}
