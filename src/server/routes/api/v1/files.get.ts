/** Validated list: the newest uploaded files, their names as data. */
// GET /api/v1/files
import { defineServerRoute } from '@analogjs/router/server/actions';
import { z } from 'zod';

import { listFiles, storedFileOutput } from '../../../lib/uploads';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None needed: it reads the newest 50 records.',
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
