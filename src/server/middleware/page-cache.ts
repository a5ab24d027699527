import { defineEventHandler, setResponseHeader } from 'h3';

import { noncePolicy } from '../../modules/security/runtime/csp';
import { setPageHeaders } from '../../modules/security/runtime/page-policy';
import { cachedPage, pageGeneration } from '../lib/page-cache';

/**
 * Answers a cached page (src/server/lib/page-cache.ts) without rendering it, with a fresh nonce
 * in its `nonce` attributes and its Content-Security-Policy, as a render would. On a miss it notes
 * what src/server/plugins/page-cache.ts needs to store the render.
 */
export default defineEventHandler((event) => {
  if (event.method !== 'GET') return;
  const generation = pageGeneration(event.path);
  if (generation === undefined) return;
  const page = cachedPage(event.path);
  if (page === undefined) {
    event.context['pageCache'] = { url: event.path, generation };
    return;
  }
  if (page.nonce) setPageHeaders(event.node.res, noncePolicy(page.nonce));
  // What Analog's page handler sends with a render.
  setResponseHeader(event, 'content-type', 'text/html;charset=utf-8');
  return page.html;
});
