/** Form posting to an API route: JSON when hydrated, a plain form post without JavaScript. */
// PAGE /contact
import { ChangeDetectionStrategy, Component } from '@angular/core';
import type { RouteMeta } from '@analogjs/router';

import { ContactForm } from '../contact/contact-form';

export const routeMeta: RouteMeta = { title: 'Contact · Analog API routes' };

@Component({
  selector: 'app-contact-page',
  imports: [ContactForm],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Contact</h1>
    <p>
      The form posts to <code>POST /api/v1/contact</code>, a <code>defineServerRoute</code> with an
      <code>input</code> schema. It works before hydration too: the browser posts the form and the route
      redirects back here.
    </p>
    <app-contact-form />
  `,
})
export default class ContactPage {}
