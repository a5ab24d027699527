import { ChangeDetectionStrategy, Component } from '@angular/core';
import { RouterLink } from '@angular/router';
import { injectResponse } from '@analogjs/router/tokens';

/**
 * "Page not found", with a link home. On the server render it also sets the HTTP status to 404,
 * so crawlers see a real 404 instead of a soft one; in the browser there is no response to set.
 */
@Component({
  selector: 'app-not-found',
  imports: [RouterLink],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Page not found</h1>
    <p>There is no page at this address.</p>
    <p><a routerLink="/">Back to the products</a></p>
  `,
})
export class NotFound {
  constructor() {
    const response = injectResponse();
    if (response) response.statusCode = 404;
  }
}
