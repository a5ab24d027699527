/** Method suffix `.delete.ts`: the id is checked first (JSON 400), then the record goes with 204 No Content. */
// DELETE /api/v1/users/:id
import { defineEventHandler, sendNoContent } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { deleteUser, requireUserId } from '../../../../lib/users';

defineRouteMeta({
  openAPI: {
    responses: {
      204: { description: 'The user is gone.' },
      404: { description: 'No user has the id.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  await deleteUser(requireUserId(event));
  return sendNoContent(event);
});
