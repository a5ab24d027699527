import '@angular/platform-server/init';
import { render, renderStream } from '@analogjs/router/server';
import { createError } from 'h3';

import { App } from './app/app';
import { config } from './app/app.config.server';
import { isPlainPageUrl } from './app/page-url';
import { withPagePolicy } from './modules/security';

const renderPage = render(App, config);
const streamPage = renderStream(App, config);

/** Pages that send their head at once and the rest when it is rendered (docs/streaming.md). */
const streamedPages = new Set(['/dashboard']);

const self = new URL('http://self.invalid');

/**
 * A path the renderer may take: one that stays on this site. `//evil.example/` and `/\evil.example`
 * name another host, which Angular refuses by throwing (NG05702, NG05703): a 404 instead of a 500
 * and a stack in the log for every such request.
 */
const staysOnSite = (url: string) =>
  !url.startsWith('//') && URL.canParse(url, self) && new URL(url, self).origin === self.origin;

export default withPagePolicy((url, document, context) => {
  if (!staysOnSite(url)) throw createError({ statusCode: 404, statusMessage: 'Not Found' });
  if (!isPlainPageUrl(url)) throw createError({ statusCode: 400, statusMessage: 'Bad Request' });
  return (streamedPages.has(url.split('?')[0]!) ? streamPage : renderPage)(url, document, context);
});
