/** Method suffix `.delete.ts`: the id is checked (JSON 400), then its owner or an admin, then 204 No Content. */
// DELETE /api/v1/users/:id
// Access: owner or admin. Limits: None: only the account itself or an admin.
// 204: The user is gone, and with it the account.
import { defineEventHandler, sendNoContent } from 'h3';

import { requireOwnerOrAdmin } from '../../../../lib/authorization';
import { deleteUser, requireUserId } from '../../../../lib/users';

export default defineEventHandler(async (event) => {
  const id = requireUserId(event);
  await requireOwnerOrAdmin(event, id);
  await deleteUser(id);
  return sendNoContent(event);
});
