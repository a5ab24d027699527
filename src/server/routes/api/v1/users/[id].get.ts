/** Not found with `createError`: an unknown id answers 404 instead of an empty 200 (to an admin; others get 403 first). */
// GET /api/v1/users/:id
import { createError, defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { requireOwnerOrAdmin } from '../../../../lib/authorization';
import { findUser, requireUserId } from '../../../../lib/users';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'owner or admin',
    'x-limits': 'None: it reads, and only the account itself or an admin.',
    responses: {
      200: { description: 'The user.' },
      401: { description: 'No valid session.' },
      403: { description: 'Another account, not an admin.' },
      404: { description: 'No user has the id.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  const id = requireUserId(event);
  await requireOwnerOrAdmin(event, id);
  const user = await findUser(id);
  if (!user) throw createError({ statusCode: 404, statusMessage: `User ${id} not found` });
  return user;
});
