/** Owner-only delete: the `requireOwnFile` guard, then the row, the quota share and the bytes go, 204. */
// DELETE /api/v1/files/:id
import { defineEventHandler, getRouterParam, sendNoContent } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { deleteStoredFile, requireOwnFile } from '../../../../lib/uploads';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'owner',
    'x-limits': 'Body ≤ 1 MiB, the global cap; none is read.',
    responses: {
      204: { description: 'The file is gone: its row, its bytes and its share of the quota.' },
      401: { description: 'No valid session.' },
      403: { description: "Someone else's file." },
      404: { description: 'No file has the id.' },
    },
  },
});

export default defineEventHandler(async (event) => {
  await deleteStoredFile(await requireOwnFile(event, getRouterParam(event, 'id')));
  return sendNoContent(event);
});
