/** Validated delete: a `params` schema checks the id, and success answers 204 with no body. */
// DELETE /api/v1/todos/:id
import { defineServerRoute } from '#server-actions';
import { sendNoContent } from 'h3';
import { defineRouteMeta } from 'nitropack/runtime';

import { deleteTodo, todoParams } from '../../../../lib/todos';

defineRouteMeta({
  openAPI: {
    security: [],
    'x-access': 'anyone',
    'x-limits': 'None beyond the id check: a public demo list anyone may write.',
    responses: {
      204: { description: 'The todo is gone.' },
      404: { description: 'No todo has the id.' },
    },
  },
});

export const route = defineServerRoute({
  params: todoParams,
  handler: async ({ params, event }) => {
    await deleteTodo(params.id);
    sendNoContent(event);
  },
});

export default route;
