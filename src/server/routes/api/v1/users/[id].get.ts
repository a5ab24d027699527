/** Not found with `createError`: an unknown id answers 404 instead of an empty 200. */
// GET /api/v1/users/:id
import { createError, defineEventHandler } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { findUser, requireUserId } from '../../../../lib/users';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The user.' },
      404: { description: 'No user has the id.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  const id = requireUserId(event);
  const user = await findUser(id);
  if (!user) throw createError({ statusCode: 404, statusMessage: `User ${id} not found` });
  return user;
});
