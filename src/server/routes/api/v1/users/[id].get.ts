/** Not found with `createError`: an unknown id answers 404 instead of an empty 200 (to an admin; others get 403 first). */
// GET /api/v1/users/:id
// Access: owner or admin. Limits: None: it reads, and only the account itself or an admin.
// 200: The user. 404: No user has the id.
import { createError, defineEventHandler } from 'h3';

import { requireOwnerOrAdmin } from '../../../../lib/authorization';
import { findUser, requireUserId } from '../../../../lib/users';

export default defineEventHandler(async (event) => {
  const id = requireUserId(event);
  await requireOwnerOrAdmin(event, id);
  const user = await findUser(id);
  if (!user) throw createError({ statusCode: 404, statusMessage: `User ${id} not found` });
  return user;
});
