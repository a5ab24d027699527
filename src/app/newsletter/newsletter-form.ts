import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute } from '@angular/router';
import { FormAction, injectRouteEndpointURL } from '@analogjs/router';

import { type FieldErrors, issuesToFieldErrors, queryFieldErrors } from '../shared/form-errors';

type FormState = 'submitting' | 'error' | 'redirect' | 'success' | 'navigate';

@Component({
  selector: 'app-newsletter-form',
  imports: [FormAction],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './newsletter-form.html',
})
export class NewsletterForm {
  private readonly route = inject(ActivatedRoute);
  private readonly query = toSignal(this.route.queryParamMap, { requireSync: true });

  /** The page's action URL, from Analog's public helper: where the browser posts without JavaScript. */
  protected readonly endpoint = injectRouteEndpointURL(this.route.snapshot).pathname;
  protected readonly sending = signal(false);
  private readonly submitted = signal<FieldErrors | undefined>(undefined);

  /** Errors from the last hydrated submit, else from a plain form post's redirect back here. */
  protected readonly errors = computed(() => this.submitted() ?? queryFieldErrors(this.query()));

  /** `FormAction` emits the body of a failure marked `X-Analog-Errors`: here, the 422's issues. */
  protected showIssues(issues: unknown) {
    this.submitted.set(issuesToFieldErrors(issues));
  }

  protected track(state: FormState) {
    this.sending.set(state === 'submitting');
    if (state === 'submitting') this.submitted.set(undefined);
    // A failure without issues (a 500, no network) reaches us only as a bare 'error'.
    if (state === 'error' && !this.submitted()) {
      this.submitted.set({ form: 'Could not sign you up. Please try again.' });
    }
  }
}
