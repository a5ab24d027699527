import { defineEventHandler, setResponseHeader } from 'h3';

import { createNonce, noncePolicy } from '../lib/csp';
import { cachedPage, pageGeneration } from '../lib/page-cache';
import { setDocumentHeaders } from '../lib/page-policy';
import { securityHeadersEnabled } from '../lib/security-headers';

const withNonce = securityHeadersEnabled();

/**
 * Answers a cached page (src/server/lib/page-cache.ts) without rendering it, with a fresh nonce
 * in its `nonce` attributes and its Content-Security-Policy, as a render would. On a miss it notes
 * what src/server/plugins/page-cache.ts needs to store the render.
 */
export default defineEventHandler((event) => {
  if (event.method !== 'GET') return;
  const generation = pageGeneration(event.path);
  if (generation === undefined) return;
  const nonce = withNonce ? createNonce() : undefined;
  const html = cachedPage(event.path, nonce);
  if (html === undefined) {
    event.context['pageCache'] = { url: event.path, generation };
    return;
  }
  if (nonce) setDocumentHeaders(event.node.res, noncePolicy(nonce));
  setResponseHeader(event, 'content-type', 'text/html');
  return html;
});
