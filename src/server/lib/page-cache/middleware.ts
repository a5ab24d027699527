import { type H3Event, defineEventHandler, setResponseHeader } from 'h3';

import { setPageNonce } from '../../../modules/security';
import { beginRender, cachedPage, invalidatePagesFor, pageGeneration, renderUnderWay } from './page-cache';

/**
 * Answers `page` with a fresh nonce in its `nonce` attributes and its Content-Security-Policy, as a
 * render would. On a miss it notes what src/server/plugins/page-cache.ts needs to store the render,
 * and that a render of this URL is under way until the response has been sent.
 */
function answer(event: H3Event, url: string, page = cachedPage(url)) {
  if (page === undefined) {
    event.context['pageCache'] = { url, generation: pageGeneration(url) };
    event.node.res.once('close', beginRender(url));
    return;
  }
  if (page.nonce) setPageNonce(event, page.nonce);
  // What Analog's page handler sends with a render.
  setResponseHeader(event, 'content-type', 'text/html;charset=utf-8');
  return page.html;
}

/**
 * Runs only under the paths module.ts registers it for: the cached pages and the API paths they
 * depend on. A read of a cached page is answered from memory (src/server/lib/page-cache/page-cache.ts)
 * without rendering; a miss while another request renders the same URL waits for that render rather
 * than starting its own. A write drops the pages it changed once it has been answered.
 */
export default defineEventHandler((event) => {
  // Under a path prefix, h3 gives the handler `event.path` without the prefix; this is the whole URL.
  const url = event.node.req.originalUrl ?? event.path;
  if (event.method !== 'GET' && event.method !== 'HEAD') {
    event.node.res.once('close', () => invalidatePagesFor(url.split('?')[0]!));
    return;
  }
  if (pageGeneration(url) === undefined) return;
  const page = cachedPage(url);
  const render = page === undefined ? renderUnderWay(url) : undefined;
  return render ? render.then(() => answer(event, url)) : answer(event, url, page);
});
