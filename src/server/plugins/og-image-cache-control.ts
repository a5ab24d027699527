import { setResponseHeader } from 'h3';
import { defineNitroPlugin } from 'nitropack/runtime';

import { ogImagePathCacheControl } from '../lib/og-images';

/**
 * Gives the prerendered product images the route's `Cache-Control` (`immutable` only for the
 * current `?v=`). Nitro's static layer serves `dist/analog/public` before any route or middleware
 * and sets none itself; a `request` hook runs before it.
 */
export default defineNitroPlugin((nitroApp) => {
  nitroApp.hooks.hook('request', (event) => {
    const cacheControl = ogImagePathCacheControl(event.path);
    if (cacheControl) setResponseHeader(event, 'cache-control', cacheControl);
  });
});
