/** Query-bound page: the search box lives in `?q=`, and a 422 from the API shows its message. */
// PAGE /search
import { ChangeDetectionStrategy, Component } from '@angular/core';
import type { RouteMeta } from '@analogjs/router';

import { ProductSearch } from '../search/product-search';

export const routeMeta: RouteMeta = { title: 'Search · Analog API routes' };

@Component({
  selector: 'app-search-page',
  imports: [ProductSearch],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Search</h1>
    <p>
      The box is bound to <code>?q=</code> in the URL; results come from <code>GET /api/v1/search</code>,
      whose query is validated by <code>defineApiRoute</code>.
    </p>
    <app-product-search />
  `,
})
export default class SearchPage {}
