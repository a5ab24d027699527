/** Named catch-all: `[...slug]` captures every remaining segment, slashes included. */
// ANY /api/v1/docs/**:slug
import { defineEventHandler, getRouterParam } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { requireSafeSlug } from '../../../../lib/http';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The captured slug.' },
      400: { description: 'A slug with an unsafe segment.' },
    },
  },
});

export default defineEventHandler((event) => ({ slug: requireSafeSlug(getRouterParam(event, 'slug')) }));
