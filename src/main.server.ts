import '@angular/platform-server/init';
import { render, renderStream } from '@analogjs/router/server';

import { App } from './app/app';
import { config } from './app/app.config.server';
import { withPagePolicy } from './modules/security';

const renderPage = render(App, config);
const streamPage = renderStream(App, config);

/** Pages that send their head at once and the rest when it is rendered (docs/streaming.md). */
const streamedPages = new Set(['/dashboard']);

export default withPagePolicy((url, document, context) =>
  (streamedPages.has(url.split('?')[0]!) ? streamPage : renderPage)(url, document, context),
);
