/** Owner's list: the signed-in account's files, newest first, never anyone else's. */
// GET /api/v1/files
// Access: signed-in. Limits: Lists at most the quota: 20 files by default.
// 200: Your files, newest first.
import { defineServerRoute } from '#server-actions';
import { setResponseHeader } from 'h3';
import { z } from 'zod';

import { requireUser } from '../../../lib/auth';
import { listOwnFiles, storedFileOutput } from '../../../lib/uploads';

export const route = defineServerRoute({
  output: z.array(storedFileOutput),
  handler: async ({ event }) => {
    const owner = await requireUser(event);
    setResponseHeader(event, 'cache-control', 'private, no-store');
    return listOwnFiles(owner.id);
  },
});

export default route;
