import { type H3Event, defineEventHandler, setResponseHeader } from 'h3';

import { setPageNonce } from '../../modules/security';
import { beginRender, cachedPage, pageGeneration, renderUnderWay } from '../lib/page-cache';

/**
 * Answers `page` with a fresh nonce in its `nonce` attributes and its Content-Security-Policy, as a
 * render would. On a miss it notes what src/server/plugins/page-cache.ts needs to store the render,
 * and that a render of this URL is under way until the response has been sent.
 */
function answer(event: H3Event, page = cachedPage(event.path)) {
  if (page === undefined) {
    event.context['pageCache'] = { url: event.path, generation: pageGeneration(event.path) };
    event.node.res.once('close', beginRender(event.path));
    return;
  }
  if (page.nonce) setPageNonce(event, page.nonce);
  // What Analog's page handler sends with a render.
  setResponseHeader(event, 'content-type', 'text/html;charset=utf-8');
  return page.html;
}

/**
 * Answers a cached page (src/server/lib/page-cache/page-cache.ts) without rendering it. A miss while another
 * request renders the same URL waits for that render rather than starting its own.
 */
export default defineEventHandler((event) => {
  if (event.method !== 'GET' || pageGeneration(event.path) === undefined) return;
  const page = cachedPage(event.path);
  const render = page === undefined ? renderUnderWay(event.path) : undefined;
  return render ? render.then(() => answer(event)) : answer(event, page);
});
