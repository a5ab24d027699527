import { inject } from '@angular/core';
import { serverFn } from '@analogjs/router/server';
import { REQUEST, RESPONSE } from '@analogjs/router/tokens';
import { createEvent } from 'h3';

import { addReview, listReviews, reviewInput } from '../../server/lib/reviews';

// Analog's build gives each an opaque URL under `/_analog/fn/` and ships the browser a reference, never this code.

/** No input: a GET. During SSR it runs in-process and its result travels in TransferState. */
export const loadReviews = serverFn(() => listReviews());

/**
 * A schema: a POST whose JSON body is validated (400) before the handler runs. Anyone may call it, so
 * `addReview` limits it (429); h3's helpers read the request Analog injects, in an event of their own.
 */
export const postReview = serverFn(reviewInput, (review, { requestId }) =>
  addReview(createEvent(inject(REQUEST), inject(RESPONSE)), review, requestId),
);
