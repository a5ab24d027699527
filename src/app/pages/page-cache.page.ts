/** Cached page: its HTML depends on its URL alone, so the server keeps it in memory and gives each response a fresh nonce. */
// PAGE /page-cache
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type RouteMeta, injectLoad } from '@analogjs/router';

import type { load } from './page-cache.server';

export const routeMeta: RouteMeta = { title: 'Page cache · Analog API routes' };

@Component({
  selector: 'app-page-cache-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Page cache</h1>
    <p>
      Rendered at <time [attr.datetime]="data().renderedAt">{{ data().renderedAt }}</time>. The server keeps
      this page for 10 seconds (<code>cachedPages</code> in the runtime config): a reload meanwhile shows the
      same time, with a fresh CSP nonce.
    </p>
  `,
})
export default class PageCachePage {
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });
}
