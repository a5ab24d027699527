/** Not found with `createError`: an unknown id answers 404 instead of an empty 200. */
// GET /api/v1/users/:id
import { defineEventHandler, getRouterParam } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { requireUser } from '../../../../lib/users';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The user.' },
      404: { description: 'No user has the id.' },
    },
  },
});

export default defineEventHandler((event) => requireUser(Number(getRouterParam(event, 'id'))));
