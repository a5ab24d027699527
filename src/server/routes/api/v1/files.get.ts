/** Owner's list: the signed-in account's files, newest first, never anyone else's. */
// GET /api/v1/files
import { defineServerRoute } from '#server-actions';
import { setResponseHeader } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';
import { z } from 'zod';

import { requireUser } from '../../../lib/auth';
import { listOwnFiles, storedFileOutput } from '../../../lib/uploads';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'signed-in',
    'x-limits': 'Lists at most the quota: 20 files by default.',
    responses: {
      200: { description: 'Your files, newest first.' },
      401: { description: 'No valid session.' },
    },
  },
});

export const route = defineServerRoute({
  output: z.array(storedFileOutput),
  handler: async ({ event }) => {
    const owner = await requireUser(event);
    setResponseHeader(event, 'cache-control', 'private, no-store');
    return listOwnFiles(owner.id);
  },
});

export default route;
