import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute, RouterLink } from '@angular/router';
import { FormAction, injectRouteEndpointURL } from '@analogjs/router';

import { formActionState } from '../shared/form-action-state';
import { FieldControl, FormField } from '../shared/form-field';
import { accountQueryErrors } from './account-errors';

/**
 * The sign-in and sign-up form. It posts to its page's server action: hydrated through
 * `FormAction`, or as a plain form post with JavaScript off. `next` travels in a hidden field.
 */
@Component({
  selector: 'app-credentials-form',
  imports: [FormAction, RouterLink, FormField, FieldControl],
  changeDetection: ChangeDetectionStrategy.OnPush,
  templateUrl: './credentials-form.html',
})
export class CredentialsForm {
  readonly mode = input.required<'sign-in' | 'sign-up'>();

  private readonly route = inject(ActivatedRoute);
  private readonly query = toSignal(this.route.queryParamMap, { requireSync: true });
  protected readonly form = formActionState(
    this.query,
    'Could not reach the server. Please try again.',
    accountQueryErrors,
  );

  protected readonly endpoint = injectRouteEndpointURL(this.route.snapshot).pathname;
  /** Checked again by the server action: only a path on this site is followed. */
  protected readonly next = computed(() => this.query().get('next') ?? '/account');
}
