/** Method suffix `.delete.ts`: removes the record and answers 204 No Content. */
// DELETE /api/v1/users/:id
import { defineEventHandler, getRouterParam, sendNoContent } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { deleteUser } from '../../../../lib/users';

defineRouteMeta({
  openAPI: {
    responses: {
      204: { description: 'The user is gone.' },
      404: { description: 'No user has the id.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  await deleteUser(Number(getRouterParam(event, 'id')));
  return sendNoContent(event);
});
