/** Dynamic page with a params loader: `[id].server.ts` reads `params.id`; an unknown id renders a 404. */
// PAGE /products/:id
import { CurrencyPipe } from '@angular/common';
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { RouterLink } from '@angular/router';
import { type RouteMeta, injectLoad } from '@analogjs/router';

import { NotFound } from '../../not-found/not-found';
import type { load } from './[id].server';

export const routeMeta: RouteMeta = { title: 'Product · Analog API routes' };

@Component({
  selector: 'app-product-page',
  imports: [CurrencyPipe, NotFound, RouterLink],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @if (data().product; as product) {
      <h1>{{ product.name }}</h1>
      <p>{{ product.description }}</p>
      <p class="price">{{ product.price | currency: 'USD' }}</p>
      <p><a routerLink="/">All products</a></p>
    } @else {
      <app-not-found />
    }
  `,
})
export default class ProductPage {
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });
}
