/** Sign-in form action: `sign-in.server.ts` checks the credentials, sets the session cookie and answers 303 to `next`. */
// PAGE /sign-in
import { ChangeDetectionStrategy, Component } from '@angular/core';
import type { RouteMeta } from '@analogjs/router';

import { CredentialsForm } from '../account/credentials-form';

export const routeMeta: RouteMeta = { title: 'Sign in · Analog API routes' };

@Component({
  selector: 'app-sign-in-page',
  imports: [CredentialsForm],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Sign in</h1>
    <p>
      The session lives in a sealed, HttpOnly cookie. The form works before hydration and with JavaScript off.
    </p>
    <app-credentials-form mode="sign-in" />
  `,
})
export default class SignInPage {}
