/** Not found with `createError`: an unknown id answers 404 instead of an empty 200. */
// GET /api/v1/users/:id
import { createError, defineEventHandler } from 'h3';

import { findUser, requireUserId } from '../../../../lib/users';

export default defineEventHandler(async (event) => {
  const id = requireUserId(event);
  const user = await findUser(id);
  if (!user) throw createError({ statusCode: 404, statusMessage: `User ${id} not found` });
  return user;
});
