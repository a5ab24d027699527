import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute } from '@angular/router';
import { FormAction, injectRouteEndpointURL } from '@analogjs/router';

import { newsletterMessages } from '../../shared/newsletter-messages';
import { formActionState } from '../shared/form-action-state';
import { FieldControl, FormField } from '../shared/form-field';
import { queryErrorMessages } from '../shared/query-messages';

@Component({
  selector: 'app-newsletter-form',
  imports: [FormAction, FormField, FieldControl],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './newsletter-form.html',
})
export class NewsletterForm {
  private readonly route = inject(ActivatedRoute);
  private readonly query = toSignal(this.route.queryParamMap, { requireSync: true });
  protected readonly form = formActionState(this.query, 'Could not sign you up. Please try again.', (query) =>
    queryErrorMessages(query, newsletterMessages),
  );

  /** The page's action URL, from Analog's public helper: where the browser posts without JavaScript. */
  protected readonly endpoint = injectRouteEndpointURL(this.route.snapshot).pathname;
}
