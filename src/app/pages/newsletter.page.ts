/** Form server action: the `.server.ts` exports `action`; `FormAction` posts to it, or the browser does without JS. */
// PAGE /newsletter
import { ChangeDetectionStrategy, Component } from '@angular/core';
import type { RouteMeta } from '@analogjs/router';

import { NewsletterForm } from '../newsletter/newsletter-form';

export const routeMeta: RouteMeta = { title: 'Newsletter · Analog API routes' };

@Component({
  selector: 'app-newsletter-page',
  imports: [NewsletterForm],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Newsletter</h1>
    <p>
      The form posts to this page's server <code>action</code>, exported by <code>newsletter.server.ts</code>.
      It works before hydration and with JavaScript off.
    </p>
    <app-newsletter-form />
  `,
})
export default class NewsletterPage {}
