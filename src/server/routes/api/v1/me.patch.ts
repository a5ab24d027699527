/** Protected, validated write: the body schema runs first, then the `requireUser` guard, then one UPDATE. */
// PATCH /api/v1/me
import { defineServerRoute } from '#server-actions';
import { z } from 'zod';

import { renameAccount } from '../../../lib/account';
import { accountOutput, displayName, requireUser } from '../../../lib/auth';
import { defineRouteMeta } from 'nitropack/runtime';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'signed-in',
    'x-limits': 'Name ≤ 100 characters; changes only the caller’s own account.',
    responses: {
      200: { description: 'The account, renamed.' },
      401: { description: 'No valid session.' },
    },
  },
});

export const route = defineServerRoute({
  body: z.object({ name: displayName }),
  output: accountOutput,
  handler: async ({ body, event }) => renameAccount((await requireUser(event)).id, body.name),
});

export default route;
