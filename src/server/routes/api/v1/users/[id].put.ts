/** Owner or admin: `requireOwnerOrAdmin` answers 401 without a session and 403 for another account, before any read or write. */
// PUT /api/v1/users/:id
import { defineApiRoute } from '#server-actions';
import { defineRouteMeta } from 'nitropack/runtime';
import { z } from 'zod';

import { displayName } from '../../../../lib/auth';
import { requireOwnerOrAdmin } from '../../../../lib/authorization';
import { updateUser } from '../../../../lib/users';

defineRouteMeta({
  openAPI: {
    security: [{ session: [] }],
    'x-access': 'owner or admin',
    'x-limits': 'Body ≤ 1 MiB; only the account itself or an admin.',
    responses: {
      200: { description: 'The renamed user.' },
      401: { description: 'No valid session.' },
      403: { description: 'Another account, not an admin.' },
      404: { description: 'No user has the id.' },
    },
  },
});

export const route = defineApiRoute({
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ name: displayName }),
  handler: async ({ params, body, event }) => {
    await requireOwnerOrAdmin(event, params.id);
    return updateUser(params.id, body.name);
  },
});

export default route;
