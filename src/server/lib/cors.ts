import { type H3CorsOptions, type H3Event, getRequestHeader, getResponseHeader, handleCors, setResponseHeader } from 'h3';
import { useRuntimeConfig } from 'nitropack/runtime';

/**
 * The public read routes other sites may call from a browser; every other route stays
 * same-origin. Their answers carry no cookies and no per-user data.
 */
const publicReads = [/^\/api\/v1\/products(\/[^/?]+)?(\?|$)/];

let options: H3CorsOptions | undefined;

/**
 * The allow-list from `CORS_ORIGINS` (runtimeConfig `corsOrigins`, comma-separated), read once.
 * Only listed origins, never `*`; credentials are never allowed, so no cookie crosses.
 */
function corsOptions(): H3CorsOptions {
  options ??= {
    origin: String(useRuntimeConfig()['corsOrigins'] ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    methods: ['GET'],
    credentials: false,
    preflight: { statusCode: 204 },
  };
  return options;
}

/**
 * CORS for the public read routes: an allowed `Origin` gets `Access-Control-Allow-Origin`,
 * any other gets none, and a preflight is answered 204 here (true: the response is sent).
 * `Vary: Origin` tells caches the answer depends on it.
 */
export function handlePublicCors(event: H3Event): boolean {
  if (!publicReads.some((route) => route.test(event.path))) return false;
  // Without `Origin`, h3 would answer `*`: a same-origin or server-side read needs no CORS header.
  const answered = getRequestHeader(event, 'origin') ? handleCors(event, corsOptions()) : false;
  // h3 adds `Vary: origin` for an allowed origin only; caches must key every answer on it.
  if (!getResponseHeader(event, 'vary')) setResponseHeader(event, 'vary', 'Origin');
  return answered;
}
