/** Method suffix `.delete.ts`: removes the record and answers 204 No Content. */
// DELETE /api/v1/users/:id
import { defineEventHandler, getRouterParam, sendNoContent } from 'h3';

import { deleteUser } from '../../../../lib/users';

export default defineEventHandler(async (event) => {
  await deleteUser(Number(getRouterParam(event, 'id')));
  return sendNoContent(event);
});
