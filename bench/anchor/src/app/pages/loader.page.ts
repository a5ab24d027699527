import { ChangeDetectionStrategy, Component } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { injectLoad } from '@analogjs/router';

import type { load } from './loader.server';

/** Stock's loader page: the same list as `/`, fetched by its `.server.ts` loader. */
@Component({
  selector: 'app-loader-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Products</h1>
    <ul>
      @for (product of data().products; track product.id) {
        <li>
          <strong>{{ product.name }}</strong> <span>{{ product.price }}</span>
        </li>
      }
    </ul>
  `,
})
export default class LoaderPage {
  protected readonly data = toSignal(injectLoad<typeof load>(), { requireSync: true });
}
