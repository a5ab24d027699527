/** Validated delete: a `params` schema checks the id, and success answers 204 with no body. */
// DELETE /api/v1/todos/:id
import { defineServerRoute } from '@analogjs/router/server/actions';
import { sendNoContent } from 'h3';

import { todoParams } from '../../../../lib/todo-schemas';
import { deleteTodo } from '../../../../lib/todos';

export const route = defineServerRoute({
  params: todoParams,
  handler: async ({ params, event }) => {
    await deleteTodo(params.id);
    sendNoContent(event);
  },
});

export default route;
