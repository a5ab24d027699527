import { getResponseStatus } from 'h3';
import { defineNitroPlugin, useRuntimeConfig } from 'nitropack/runtime';

import { useNonce } from '../../modules/security';
import { type CachedPage, enablePageCache, storePage } from '../lib/page-cache';

/**
 * Keeps the pages runtimeConfig `cachedPages` lists (env `PAGE_CACHE=false` turns it off), and
 * stores what the renderer answered for one that missed (src/server/lib/page-cache/middleware.ts),
 * if it is a 200 that set no cookie.
 */
export default defineNitroPlugin((nitroApp) => {
  if (useRuntimeConfig()['pageCache'] !== false)
    enablePageCache(useRuntimeConfig()['cachedPages'] as Record<string, CachedPage>);
  nitroApp.hooks.hook('beforeResponse', (event, { body }) => {
    const miss = event.context['pageCache'] as { url: string; generation: number } | undefined;
    const res = event.node.res;
    if (
      !miss ||
      typeof body !== 'string' ||
      getResponseStatus(event) !== 200 ||
      res.hasHeader('set-cookie')
    ) {
      return;
    }
    // The nonce src/main.server.ts gave the page; a build without the security module has none.
    storePage(miss.url, body, useNonce(event), miss.generation);
  });
});
