/** Protected page: `account.server.ts` loads `/api/v1/me`; without a session the page sends you to sign in. */
// PAGE /account
import { isPlatformServer } from '@angular/common';
import { ChangeDetectionStrategy, Component, PLATFORM_ID, computed, inject, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { ActivatedRoute } from '@angular/router';
import { FormAction, type RouteMeta, injectLoad, injectRouteEndpointURL } from '@analogjs/router';
import { injectResponse } from '@analogjs/router/tokens';

import { accountQueryErrors } from '../account/account-errors';
import { type FieldErrors, issuesToFieldErrors } from '../../shared/issues';
import { followRedirect } from '../shared/follow-redirect';
import { FieldControl, FormField } from '../shared/form-field';
import type { load } from './account.server';

export const routeMeta: RouteMeta = { title: 'Your account · Analog API routes' };

type Account = { id: number; name: string; email: string };

@Component({
  selector: 'app-account-page',
  imports: [FormAction, FormField, FieldControl],
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
      @if (passwordChanged()) {
        <p role="status">
          Password changed. You stay signed in here; every other session of your account has ended.
        </p>
      }
      <form
        method="post"
        [attr.action]="endpoint"
        (onSuccess)="renamed.set($any($event))"
        (onError)="errorsShown.set(toErrors($event))"
        novalidate
      >
        <app-form-field label="Display name" [error]="errors()['name']">
          <input appControl id="account-name" name="name" autocomplete="nickname" [value]="account.name" />
        </app-form-field>
        <button type="submit">Save name</button>
      </form>

      <h2>Password</h2>
      <form
        #passwordForm
        method="post"
        [attr.action]="endpoint"
        (onSuccess)="passwordForm.reset(); changedNow.set(true); errorsShown.set({})"
        (onError)="changedNow.set(false); errorsShown.set(toErrors($event))"
        novalidate
      >
        <input type="hidden" name="intent" value="change-password" />
        <input type="hidden" name="email" autocomplete="username" [value]="account.email" />
        <app-form-field label="Current password" [error]="errors()['currentPassword']">
          <input
            appControl
            id="account-current-password"
            name="currentPassword"
            type="password"
            autocomplete="current-password"
          />
        </app-form-field>
        <app-form-field label="New password" [error]="errors()['newPassword']">
          <input
            appControl
            id="account-new-password"
            name="newPassword"
            type="password"
            autocomplete="new-password"
          />
        </app-form-field>
        <button type="submit">Change password</button>
      </form>

      <h2>Sessions</h2>
      <form method="post" [attr.action]="endpoint">
        <input type="hidden" name="intent" value="sign-out" />
        <button type="submit">Sign out</button>
      </form>
      <form method="post" [attr.action]="endpoint">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit">Sign out everywhere</button>
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
  protected readonly errors = computed(() => this.errorsShown() ?? accountQueryErrors(this.query()));
  protected readonly toErrors = issuesToFieldErrors;
  /** A hydrated change answered; a plain form post comes back with `?changed=password`. */
  protected readonly changedNow = signal<boolean | undefined>(undefined);
  protected readonly passwordChanged = computed(
    () => this.changedNow() ?? this.query().get('changed') === 'password',
  );

  constructor() {
    // The page shows this user's account: no shared cache may keep it.
    if (isPlatformServer(inject(PLATFORM_ID)))
      injectResponse()?.setHeader('cache-control', 'private, no-store');
    const target = this.data().redirect;
    if (target) followRedirect(target);
  }
}
