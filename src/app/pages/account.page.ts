/** Protected page: `account.server.ts` loads `/api/v1/me`; without a session the page sends you to sign in. */
// PAGE /account
import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute } from '@angular/router';
import { FormAction, type RouteMeta, injectLoad, injectRouteEndpointURL } from '@analogjs/router';

import { type FieldErrors, issuesToFieldErrors, queryFieldErrors } from '../shared/form-errors';
import { followRedirect } from '../shared/follow-redirect';
import type { load } from './account.server';

export const routeMeta: RouteMeta = { title: 'Your account · Analog API routes' };

type Account = { id: number; name: string; email: string };

@Component({
  selector: 'app-account-page',
  imports: [FormAction],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @if (account(); as account) {
      <h1>Your account</h1>
      <p>
        Signed in as <strong>{{ account.name }}</strong> ({{ account.email }}).
      </p>
      @if (errors()['form']; as message) {
        <p class="error" role="alert">{{ message }}</p>
      }
      <form
        method="post"
        [attr.action]="endpoint"
        (onSuccess)="renamed.set($any($event))"
        (onError)="errorsShown.set(toErrors($event))"
        novalidate
      >
        <div class="field">
          <label for="account-name">Display name</label>
          <input
            id="account-name"
            name="name"
            autocomplete="nickname"
            [value]="account.name"
            [attr.aria-invalid]="errors()['name'] ? true : null"
            [attr.aria-describedby]="errors()['name'] ? 'account-name-error' : null"
          />
          @if (errors()['name']; as message) {
            <p id="account-name-error" class="error">{{ message }}</p>
          }
        </div>
        <button type="submit">Save name</button>
      </form>
      <form method="post" [attr.action]="endpoint">
        <input type="hidden" name="intent" value="sign-out" />
        <button type="submit">Sign out</button>
      </form>
    }
  `,
})
export default class AccountPage {
  private readonly route = inject(ActivatedRoute);
  private readonly query = toSignal(this.route.queryParamMap, { requireSync: true });
  private readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });

  protected readonly endpoint = injectRouteEndpointURL(this.route.snapshot).pathname;
  /** The account after a hydrated rename, which answers with it; until then, the loader's. */
  protected readonly renamed = signal<Account | undefined>(undefined);
  protected readonly account = computed(() => this.renamed() ?? this.data().account);
  protected readonly errorsShown = signal<FieldErrors | undefined>(undefined);
  protected readonly errors = computed(() => this.errorsShown() ?? queryFieldErrors(this.query()));
  protected readonly toErrors = issuesToFieldErrors;

  constructor() {
    const target = this.data().redirect;
    if (target) followRedirect(target);
  }
}
