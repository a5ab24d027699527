/** Owner or admin: `requireOwnerOrAdmin` answers 401 without a session and 403 for another account, before any read or write. */
// PUT /api/v1/users/:id
// Access: owner or admin. Limits: Body ≤ 1 MiB; only the account itself or an admin.
// 200: The renamed user.
import { defineApiRoute } from '#server-actions';
import { z } from 'zod';

import { displayName } from '../../../../lib/auth';
import { requireOwnerOrAdmin } from '../../../../lib/authorization';
import { updateUser } from '../../../../lib/users';

export const route = defineApiRoute({
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ name: displayName }),
  handler: async ({ params, body, event }) => {
    await requireOwnerOrAdmin(event, params.id);
    return updateUser(params.id, body.name);
  },
});

export default route;
