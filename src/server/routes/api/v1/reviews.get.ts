/** Validated list: the same reviews the server function `loadReviews` reads, as a public URL. */
// GET /api/v1/reviews
import { defineServerRoute } from '#server-actions';
import { z } from 'zod';

import { listReviews, reviewOutput } from '../../../lib/reviews';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: it reads one page of reviews.',
    responses: {
      200: { description: 'The newest reviews.' },
    },
  },
});

export const route = defineServerRoute({
  output: z.array(reviewOutput),
  handler: () => listReviews(),
});

export default route;
