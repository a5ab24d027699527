/** Protected, validated write: the body schema runs first, then the `requireUser` guard, then one UPDATE. */
// PATCH /api/v1/me
// Access: signed-in. Limits: Name ≤ 100 characters; changes only the caller’s own account.
// 200: The account, renamed.
import { defineServerRoute } from '#server-actions';
import { z } from 'zod';

import { renameAccount } from '../../../lib/account';
import { accountOutput, displayName, requireUser } from '../../../lib/auth';

export const route = defineServerRoute({
  body: z.object({ name: displayName }),
  output: accountOutput,
  handler: async ({ body, event }) => renameAccount((await requireUser(event)).id, body.name),
});

export default route;
