/** Named catch-all: `[...slug]` captures every remaining segment, slashes included. */
// ANY /api/v1/docs/**:slug
// Access: anyone. Limits: None needed: it echoes the checked slug and stores nothing.
// 200: The captured slug.
import { defineEventHandler, getRouterParam } from 'h3';

import { requireSafeSlug } from '../../../../lib/http';

export default defineEventHandler((event) => ({ slug: requireSafeSlug(getRouterParam(event, 'slug')) }));
