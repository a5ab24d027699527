/** Redirect target: the newsletter action answers 303 here after a sign-up, the Post/Redirect/Get pattern. */
// PAGE /subscribed
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { RouterLink } from '@angular/router';
import type { RouteMeta } from '@analogjs/router';

export const routeMeta: RouteMeta = { title: 'Subscribed · Analog API routes' };

@Component({
  selector: 'app-subscribed-page',
  imports: [RouterLink],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>You're subscribed</h1>
    <p>Thanks for signing up. Reloading this page sends nothing twice.</p>
    <p><a routerLink="/">Back to the products</a></p>
  `,
})
export default class SubscribedPage {}
