/** Validated params and body: `params.id` is coerced to a positive integer before the handler runs. */
// PUT /api/v1/users/:id
import { defineApiRoute } from '#server-actions';
import { defineRouteMeta } from 'nitropack/runtime';
import { z } from 'zod';

import { updateUser } from '../../../../lib/users';

defineRouteMeta({
  openAPI: {
    responses: {
      200: { description: 'The renamed user.' },
      404: { description: 'No user has the id.' },
    },
  },
});

export const route = defineApiRoute({
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter a name')
      .max(100)
      .regex(/^[^\0]*$/, 'Remove the NUL character'),
  }),
  handler: ({ params, body }) => updateUser(params.id, body.name),
});

export default route;
