/** Method suffix `.delete.ts`: the id is checked (JSON 400), then its owner or an admin, then 204 No Content. */
// DELETE /api/v1/users/:id
import { defineEventHandler, sendNoContent } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { requireOwnerOrAdmin } from '../../../../lib/authorization';
import { deleteUser, requireUserId } from '../../../../lib/users';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'owner or admin',
    'x-limits': 'None: only the account itself or an admin.',
    responses: {
      204: { description: 'The user is gone, and with it the account.' },
      401: { description: 'No valid session.' },
      403: { description: 'Another account, not an admin.' },
      404: { description: 'No user has the id (answered to admins only).' },
    },
  },
});

export default defineEventHandler(async (event) => {
  const id = requireUserId(event);
  await requireOwnerOrAdmin(event, id);
  await deleteUser(id);
  return sendNoContent(event);
});
