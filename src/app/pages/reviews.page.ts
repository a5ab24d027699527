/** Server functions: reviews read with `injectServerFn` and added with `injectServerFnMutation`. */
// PAGE /reviews
import { ChangeDetectionStrategy, Component } from '@angular/core';
import type { RouteMeta } from '@analogjs/router';

import { ReviewBoard } from '../reviews/review-board';

export const routeMeta: RouteMeta = { title: 'Reviews · Analog API routes' };

@Component({
  selector: 'app-reviews-page',
  imports: [ReviewBoard],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <h1>Reviews</h1>
    <p>
      No API route here: the page calls two server functions from
      <code>src/app/reviews/reviews.server.ts</code>. The list is rendered on the server and reused by the
      browser without a second request.
    </p>
    <app-review-board />
  `,
})
export default class ReviewsPage {}
