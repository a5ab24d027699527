/** Page with a server loader: `(home).server.ts` sets a cookie and fetches typed data from the API. */
// PAGE /
import { CurrencyPipe } from '@angular/common';
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { RouterLink } from '@angular/router';
import { type RouteMeta, injectLoad } from '@analogjs/router';

import type { load } from './(home).server';

export const routeMeta: RouteMeta = { title: 'Products · Analog API routes' };

@Component({
  selector: 'app-home-page',
  imports: [CurrencyPipe, RouterLink],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Analog API routes</h1>
    <p>
      This page's server loader set the cookie <code>products=loaded</code> and fetched
      <code>GET /api/v1/products</code>.
    </p>
    <ul class="products">
      @for (product of data().products; track product.id) {
        <li [id]="'product-' + product.id">
          <a [routerLink]="['/products', product.id]">{{ product.name }}</a>
          <span>{{ product.price | currency: 'USD' }}</span>
        </li>
      }
    </ul>
  `,
})
export default class HomePage {
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });
}
