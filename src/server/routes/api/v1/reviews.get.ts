/** Validated list: the same reviews the server function `loadReviews` reads, as a public URL. */
// GET /api/v1/reviews
// Access: anyone. Limits: None needed: it reads one page of reviews.
// 200: The newest reviews.
import { defineServerRoute } from '#server-actions';
import { z } from 'zod';

import { listReviews, reviewOutput } from '../../../lib/reviews';

export const route = defineServerRoute({
  output: z.array(reviewOutput),
  handler: () => listReviews(),
});

export default route;
