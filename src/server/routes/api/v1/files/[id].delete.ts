/** Owner-only delete: the `requireOwnFile` guard, then the row, the quota share and the bytes go, 204. */
// DELETE /api/v1/files/:id
// Access: owner. Limits: Body ≤ 1 MiB, the global cap; none is read.
// 204: The file is gone: its row, its bytes and its share of the quota.
import { defineEventHandler, getRouterParam, sendNoContent } from 'h3';

import { deleteStoredFile, requireOwnFile } from '../../../../lib/uploads';

export default defineEventHandler(async (event) => {
  await deleteStoredFile(await requireOwnFile(event, getRouterParam(event, 'id')));
  return sendNoContent(event);
});
