/** Dynamic page with a params loader: `[id].server.ts` validates `params.id`; an unknown id answers 404. */
// PAGE /products/:id
import { CurrencyPipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, DestroyRef, effect, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { Meta } from '@angular/platform-browser';
import { RouterLink } from '@angular/router';
import { type RouteMeta, injectLoad } from '@analogjs/router';

import type { load } from './[id].server';

export const routeMeta: RouteMeta = { title: 'Product · Analog API routes' };

/** The link-preview tags this page sets; removed again when it goes. */
const previewTags = ['property="og:title"', 'property="og:image"', 'name="twitter:card"'];

@Component({
  selector: 'app-product-page',
  imports: [CurrencyPipe, RouterLink],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    @let product = data().product;
    <h1>{{ product.name }}</h1>
    <p>{{ product.description }}</p>
    <p class="price">{{ product.price | currency: 'USD' }}</p>
    <p><a routerLink="/">All products</a></p>
  `,
})
export default class ProductPage {
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });

  constructor() {
    const meta = inject(Meta);
    // Link previews (Open Graph, X): the product's name and its image's absolute, versioned URL.
    effect(() => {
      const { product, ogImage } = this.data();
      meta.updateTag({ property: 'og:title', content: product.name });
      meta.updateTag({ property: 'og:image', content: ogImage });
      meta.updateTag({ name: 'twitter:card', content: 'summary_large_image' });
    });
    inject(DestroyRef).onDestroy(() => previewTags.forEach((tag) => meta.removeTag(tag)));
  }
}
