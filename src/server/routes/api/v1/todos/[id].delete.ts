/** Validated delete: a `params` schema checks the id, and success answers 204 with no body. */
// DELETE /api/v1/todos/:id
// Access: anyone. Limits: None beyond the id check: a public demo list anyone may write.
// 204: The todo is gone.
import { defineServerRoute } from '#server-actions';
import { sendNoContent } from 'h3';

import { deleteTodo, todoParams } from '../../../../lib/todos';

export const route = defineServerRoute({
  params: todoParams,
  handler: async ({ params, event }) => {
    await deleteTodo(params.id);
    sendNoContent(event);
  },
});

export default route;
