import { defineEventHandler, setResponseHeader } from 'h3';
import { defineNitroPlugin } from 'nitropack/runtime';

import { ogImagePathCacheControl } from '../lib/og-images';

/**
 * Gives the prerendered product images the route's `Cache-Control` (`immutable` only for the
 * current `?v=`). Nitro's static layer serves `dist/analog/public` before any route or middleware,
 * ignoring the query, and sets none itself; so this layer goes first in h3's stack, under the
 * images' path prefix only: h3 skips it for every other request with one string comparison.
 */
export default defineNitroPlugin((nitroApp) => {
  nitroApp.h3App.stack.unshift({
    route: '/api/v1/products',
    handler: defineEventHandler((event) => {
      // Under a path prefix, h3 gives the handler `event.path` without the prefix.
      const cacheControl = ogImagePathCacheControl(event.node.req.originalUrl ?? event.path);
      if (cacheControl) setResponseHeader(event, 'cache-control', cacheControl);
    }),
  });
});
