/** Named catch-all: `[...slug]` captures every remaining segment, slashes included. */
// ANY /api/v1/docs/**:slug
import { defineEventHandler, getRouterParam } from 'h3';

import { requireSafeSlug } from '../../../../lib/slug';

export default defineEventHandler((event) => ({ slug: requireSafeSlug(getRouterParam(event, 'slug')) }));
