/** Sign-up form action: `sign-up.server.ts` stores the account with a scrypt hash and signs it in. */
// PAGE /sign-up
import { ChangeDetectionStrategy, Component } from '@angular/core';
import type { RouteMeta } from '@analogjs/router';

import { CredentialsForm } from '../account/credentials-form';

export const routeMeta: RouteMeta = { title: 'Create an account · Analog API routes' };

@Component({
  selector: 'app-sign-up-page',
  imports: [CredentialsForm],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Create an account</h1>
    <p>Passwords need 8 to 128 characters. They are stored as salted scrypt hashes, never as text.</p>
    <app-credentials-form mode="sign-up" />
  `,
})
export default class SignUpPage {}
