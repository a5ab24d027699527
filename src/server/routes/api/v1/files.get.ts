/** Validated list: the newest uploaded files, their names as data. */
// GET /api/v1/files
import { defineServerRoute } from '#server-actions';
import { z } from 'zod';

import { listFiles, storedFileOutput } from '../../../lib/uploads';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The newest uploaded files.' },
    },
  },
});

export const route = defineServerRoute({
  output: z.array(storedFileOutput),
  handler: () => listFiles(),
});

export default route;
